import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesUnder, tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

let t: TestApp;
/** The sandbox: the app's DATA_DIR is `root/data`; anything written beside it would show up in `root`. */
let root: string;
let dataDir: string;
let user: SignedUpUser;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cryptos-uploads-"));
  dataDir = path.join(root, "data");
  await mkdir(dataDir);
  t = await startTestApp({ config: { dataDir } });
  user = await signUp(t);
});
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
);
const HTML = Buffer.from("<!doctype html><html><body><script>fetch('/api/index/userinfo')</script></body></html>");

describe("uploads", () => {
  it("stores a PNG under a random name inside the uploads folder and answers id and url", async () => {
    const res = await upload(t, user, { data: tinyPng(), filename: "my proof.png" });
    expect(res.body).toMatchObject({ code: 1, data: { id: expect.any(Number), url: expect.any(String) } });
    const files = await filesUnder(dataDir);
    expect(files.some((f) => /^uploads\/[0-9a-f]{32}\.png$/.test(f))).toBe(true);
    expect(files.some((f) => f.includes("my proof"))).toBe(false);
  });

  it("strips metadata: a JPEG's EXIF (with GPS) and a PNG's text chunk do not survive", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#1652F0" } })
      .jpeg()
      .withExif({ IFD0: { Make: "SecretPhoneMaker", Copyright: "leaked-owner-name" } })
      .toBuffer();
    expect(jpeg.includes("SecretPhoneMaker")).toBe(true);
    const stored = await upload(t, user, { data: jpeg, filename: "photo.jpg", contentType: "image/jpeg" });
    expect(stored.body.code, stored.body.msg).toBe(1);
    const served = await t.app.inject({ method: "GET", url: stored.body.data!.url });
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.rawPayload.includes("SecretPhoneMaker")).toBe(false);
    expect(served.rawPayload.includes("Exif")).toBe(false);

    const png = await upload(t, user, { data: tinyPng({ text: "GPS 60.17N 24.94E" }) });
    expect(png.body.code).toBe(1);
    const servedPng = await t.app.inject({ method: "GET", url: png.body.data!.url });
    expect(servedPng.rawPayload.includes("GPS 60.17N")).toBe(false);
    expect(servedPng.rawPayload.includes("tEXt")).toBe(false);
  });

  it("accepts WebP, judged by its bytes, whatever the client claims", async () => {
    const webp = await sharp({ create: { width: 6, height: 6, channels: 3, background: "#00aa00" } })
      .webp()
      .toBuffer();
    const res = await upload(t, user, {
      data: webp,
      filename: "x.bin",
      contentType: "application/octet-stream",
    });
    expect(res.body.code, res.body.msg).toBe(1);
    const served = await t.app.inject({ method: "GET", url: res.body.data!.url });
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
  });

  it("refuses hostile uploads and writes nothing for them, inside or outside the uploads folder", async () => {
    const before = await filesUnder(root);
    const png = tinyPng();
    const htmlInText = tinyPng({ text: "<html><script>alert(1)</script></html>" });
    const cases: { name: string; part: Parameters<typeof upload>[2]; status?: number; msg: string }[] = [
      {
        name: "SVG",
        part: { data: SVG, filename: "a.svg", contentType: "image/svg+xml" },
        msg: "Only PNG, JPEG or WebP images are accepted",
      },
      {
        name: "SVG named .png",
        part: { data: SVG, filename: "a.png" },
        msg: "Only PNG, JPEG or WebP images are accepted",
      },
      {
        name: "HTML",
        part: { data: HTML, filename: "a.html", contentType: "text/html" },
        msg: "Only PNG, JPEG or WebP images are accepted",
      },
      {
        name: "HTML named .png",
        part: { data: HTML, filename: "a.png" },
        msg: "Only PNG, JPEG or WebP images are accepted",
      },
      {
        name: "PNG with HTML appended (polyglot)",
        part: { data: Buffer.concat([png, HTML]) },
        msg: "This image could not be read; please upload another photo",
      },
      {
        name: "PNG with HTML in a text chunk",
        part: { data: htmlInText },
        msg: "Only PNG, JPEG or WebP images are accepted",
      },
      {
        name: "truncated PNG",
        part: { data: png.subarray(0, png.length - 20) },
        msg: "This image could not be read; please upload another photo",
      },
      {
        name: "PNG header over garbage",
        part: { data: Buffer.concat([png.subarray(0, 33), Buffer.alloc(64, 7), png.subarray(-12)]) },
        msg: "This image could not be read; please upload another photo",
      },
      { name: "name with ../", part: { data: png, filename: "../../evil.png" }, msg: "The file name is not accepted" },
      {
        name: "name with ..\\",
        part: { data: png, filename: "..\\..\\evil.png" },
        msg: "The file name is not accepted",
      },
      { name: "name as a path", part: { data: png, filename: "/etc/passwd" }, msg: "The file name is not accepted" },
      { name: "other field", part: { data: png, field: "image" }, msg: "Choose an image to upload" },
      {
        name: "50 MB body",
        part: { data: Buffer.concat([png.subarray(0, 33), Buffer.alloc(50 * 1024 * 1024)]) },
        status: 413,
        msg: "The image is larger than 10 MB",
      },
    ];
    for (const c of cases) {
      const res = await upload(t, user, c.part);
      expect({ name: c.name, status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({
        name: c.name,
        status: c.status ?? 200,
        code: 0,
        msg: c.msg,
      });
    }
    expect(await filesUnder(root)).toEqual(before);
  });

  it("refuses two files in one request, a JSON body, and a caller without a session", async () => {
    const before = await filesUnder(root);
    const two = await upload(t, user, { data: tinyPng() }, { data: tinyPng() });
    expect(two.body).toMatchObject({ code: 0, msg: "Upload one image at a time" });
    const json = await t.call("/api/common/upload", { headers: user.headers, body: { file: "iVBORw0KGgo=" } });
    expect(json.body.code).toBe(0);
    const anonymous = await upload(t, undefined, { data: tinyPng() });
    expect(anonymous.status).toBe(401);
    const files = await filesUnder(root);
    expect(files).toEqual(before);
    // The data folder also holds the receipt key (decision 145); every other file is an upload.
    const uploads = files.filter((f) => f !== path.join("data", "receipt-key.pem"));
    for (const f of uploads) expect(f.startsWith(`data${path.sep}uploads${path.sep}`)).toBe(true);
  });

  it("stores exactly the bytes it serves", async () => {
    const res = await upload(t, user, { data: tinyPng({ size: 16 }) });
    const served = await t.app.inject({ method: "GET", url: res.body.data!.url });
    const files = await filesUnder(dataDir);
    const contents = await Promise.all(files.map((f) => readFile(path.join(dataDir, f))));
    expect(contents.some((c) => c.equals(served.rawPayload))).toBe(true);
  });
});
