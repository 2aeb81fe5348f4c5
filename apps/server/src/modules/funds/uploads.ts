import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import { cleanImage } from "./images";
import * as repo from "./repo";

/** Where an upload's bytes are served; the id alone opens nothing. */
export const FILE_ROUTE = "/api/common/file/:id";
/** A signed URL lives at least this long; its expiry is rounded up to a window so that browsers can cache it. */
const URL_TTL_MS = 15 * 60 * 1000;
const URL_WINDOW_MS = 5 * 60 * 1000;
/** Uploads per user per hour: enough for any honest form, not enough to fill a disk. */
const UPLOADS_PER_HOUR = 30;
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;
/** A row whose image is on disk; a reserved slot's file has no extension yet and matches nothing. */
const stored = (file: string) => STORED_NAME.test(file);

/** Who asks for a file: its owner and operators may read it; everyone else learns nothing (404). */
export type FileReader = { userId: number } | { operatorId: number } | { signature: { exp: string; sig: string } };

/**
 * Images users upload (deposit proofs, identity documents): checked and re-encoded (images.ts), stored outside
 * the web root under a random name, and served only to their owner and operators. An <img> tag cannot send the
 * token header, so every URL this service hands out carries a short-lived HMAC signature made with a per-upload
 * key (`exp`, `sig` in the query): a leaked URL dies within the window, and no shared secret is needed across
 * server instances.
 */
export class UploadsService {
  readonly dir: string;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    dataDir: string,
  ) {
    this.dir = path.join(dataDir, "uploads");
  }

  /** Refuses a client file name that tries to name a path; the name is never used for storage anyway. */
  static checkClientName(name: string | undefined) {
    if (name && (/[/\\\0]/.test(name) || name.includes(".."))) throw new Refusal("upload_name_refused");
  }

  /**
   * Checks, re-encodes and stores one image. The hourly limit is enforced by reserving the upload's row first,
   * counted and inserted under the user's lock: of any number of simultaneous uploads (on any connection or
   * instance) only the free slots go on to the slow work. A reserved row names no file yet (`stored` is false),
   * so it is never served nor accepted as a proof; an upload that fails gives its slot back.
   */
  async store(userId: number, raw: Buffer): Promise<{ id: number; url: string }> {
    const now = this.clock.now();
    const name = randomBytes(16).toString("hex");
    const slot = await withTransaction(this.db, async (tx) => {
      await repo.lockUserUploads(tx, userId);
      const recent = await repo.countUploadsSince(tx, userId, new Date(now.getTime() - 60 * 60 * 1000));
      if (recent >= UPLOADS_PER_HOUR) return null;
      return repo.insertUpload(tx, {
        userId,
        file: name,
        mime: "",
        size: 0,
        sha256: "",
        signKey: randomBytes(32).toString("base64url"),
        createdAt: now,
      });
    });
    if (!slot) throw new Refusal("upload_limit", { count: UPLOADS_PER_HOUR });
    let target: string | undefined;
    try {
      const image = await cleanImage(raw);
      const file = `${name}.${image.ext}`;
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      target = path.join(this.dir, file);
      await writeFile(target, image.bytes, { flag: "wx", mode: 0o600 });
      const row = await repo.completeUpload(this.db, slot.id, {
        file,
        mime: image.mime,
        size: image.bytes.length,
        sha256: createHash("sha256").update(image.bytes).digest("hex"),
      });
      return { id: row.id, url: this.signedUrl(row) };
    } catch (error) {
      if (target) await unlink(target).catch(() => {});
      await repo.deleteUpload(this.db, slot.id).catch(() => {});
      throw error;
    }
  }

  /** Uploads whose image has been checked and written; a reserved slot is not one yet. */
  private async storedUploads(conn: Db | Tx, ids: number[]) {
    return (await repo.findUploads(conn, [...new Set(ids)])).filter((r) => stored(r.file));
  }

  /** Refuses unless every id is an upload of `userId` (someone else's upload looks the same as none). */
  async assertOwned(conn: Db | Tx, userId: number, ids: number[]): Promise<void> {
    const rows = await this.storedUploads(conn, ids);
    for (const id of ids) {
      if (!rows.some((r) => r.id === id && r.userId === userId)) throw new Refusal("upload_not_found", { id });
    }
  }

  /** Fresh signed URLs for these uploads, for a response that shows them. */
  async urls(conn: Db | Tx, ids: number[]): Promise<Map<number, string>> {
    const rows = await this.storedUploads(conn, ids);
    return new Map(rows.map((r) => [r.id, this.signedUrl(r)]));
  }

  private signature(key: string, id: number, exp: number) {
    return createHmac("sha256", key).update(`upload:${id}:${exp}`).digest("base64url");
  }

  private signedUrl(row: { id: number; signKey: string }): string {
    const exp = Math.ceil((this.clock.now().getTime() + URL_TTL_MS) / URL_WINDOW_MS) * (URL_WINDOW_MS / 1000);
    return `${FILE_ROUTE.replace(":id", String(row.id))}?exp=${exp}&sig=${this.signature(row.signKey, row.id, exp)}`;
  }

  /** The bytes of upload `id` when `reader` may see them; `null` otherwise, whatever the reason. */
  async read(id: number, reader: FileReader): Promise<{ bytes: Buffer; mime: string; userId: number } | null> {
    const row = await repo.findUpload(this.db, id);
    if (!row) return null;
    if ("userId" in reader && reader.userId !== row.userId) return null;
    if ("signature" in reader) {
      const exp = Number(reader.signature.exp);
      if (!Number.isSafeInteger(exp) || exp * 1000 < this.clock.now().getTime()) return null;
      const expected = Buffer.from(this.signature(row.signKey, row.id, exp));
      const given = Buffer.from(reader.signature.sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    }
    if (!stored(row.file)) return null;
    try {
      return { bytes: await readFile(path.join(this.dir, row.file)), mime: row.mime, userId: row.userId };
    } catch {
      return null;
    }
  }
}
