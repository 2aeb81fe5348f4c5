import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import type { Calls, DataOf } from "@cryptos/contract";
import type { Answer, CallerOf } from "./api-client";
import type { TestApp } from "./helper";

export { emailedCode } from "./sign-up";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A valid RGB PNG of `size` x `size` pixels built by hand (signature, IHDR, zlib IDAT, IEND), optionally with a
 * tEXt chunk (metadata that must not survive the upload).
 */
export function tinyPng(options: { size?: number; text?: string } = {}): Buffer {
  const size = options.size ?? 4;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set([(x * 60) & 255, (y * 60) & 255, 128], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", ihdr),
    ...(options.text ? [pngChunk("tEXt", Buffer.from(`Comment\0${options.text}`, "latin1"))] : []),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  data: Buffer;
  filename?: string;
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body, written out by hand so that tests control every byte (names, types). */
export function multipart(parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cryptos${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename ?? "proof.png";
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? "file"}"; filename="${filename}"\r\n` +
          `Content-Type: ${part.contentType ?? "image/png"}\r\n\r\n`,
      ),
      part.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/**
 * POSTs one file to the upload call as `as` (a signed-up user, a token, or `undefined` for nobody); answers the
 * envelope and the HTTP status.
 */
export function upload(t: TestApp, as: CallerOf | undefined, ...parts: FilePart[]) {
  const headers: Record<string, string> = {};
  if (as !== undefined) headers.authorization = `Bearer ${typeof as === "string" ? as : as.token}`;
  return uploadWithHeaders(t, headers, ...parts);
}

/** `upload` with the request headers as given, for a caller that builds them itself (the authorization matrix). */
export async function uploadWithHeaders(t: TestApp, headers: Record<string, string>, ...parts: FilePart[]) {
  const body = multipart(parts);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/common/upload",
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as Answer<DataOf<Calls["upload"]>>["body"],
  };
}

/** Every file under `dir`, as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Funds a user the way production does: a deposit with a PNG proof, completed by an operator. */
export async function depositCompleted(
  t: TestApp,
  user: CallerOf,
  operator: CallerOf,
  amount: string,
  currency = "USDT",
) {
  const proof = await upload(t, user, { data: tinyPng() });
  if (proof.body.code !== 1) throw new Error(`upload refused: ${proof.body.msg}`);
  const channels = await t.api("listDepositChannels", { as: user });
  const channel = channels.items.find((c) => c.currency === currency);
  if (!channel) throw new Error(`no ${currency} channel`);
  const { id } = await t.api("submitDeposit", {
    as: user,
    body: { channel_id: channel.id, amount, images: [proof.body.data!.id] },
  });
  await t.api("adminRechargeReview", { as: operator, body: { id, action: "complete" } });
}

/** The caller's available and frozen balance of one currency, as userinfo shows it. */
export async function balanceOf(t: TestApp, user: CallerOf, currency: string) {
  const info = await t.api("getUserInfo", { as: user });
  const found = info.users.balances.find((b) => b.currency === currency);
  return { available: found?.available ?? "0", frozen: found?.frozen ?? "0" };
}
