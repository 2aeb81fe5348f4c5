import { execFileSync } from "node:child_process";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { describe, expect, it } from "vitest";
import { extractTar, TarWriter } from "./tar";

const temp = () => mkdtempSync(path.join(tmpdir(), "cryptos-tar-"));

async function archive(file: string, fill: (writer: TarWriter) => Promise<void>) {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file));
  written.catch(() => {});
  const writer = await TarWriter.open(gzip);
  await fill(writer);
  await writer.end();
  await written;
}

describe("a backup's tar", () => {
  it("writes what system tar lists and reads back every byte, files streamed from disk included", async () => {
    const dir = temp();
    const big = path.join(dir, "big.bin");
    const bytes = Buffer.alloc(1_000_003, 7);
    writeFileSync(big, bytes);
    const file = path.join(dir, "b.tar.gz");
    await archive(file, async (writer) => {
      await writer.add("manifest.json", Buffer.from('{"a":1}\n'));
      await writer.addFile("uploads/2026/11/big.bin", big, bytes.length);
    });
    expect(execFileSync("tar", ["-tzf", file], { encoding: "utf8" }).trim().split("\n")).toEqual([
      "manifest.json",
      "uploads/2026/11/big.bin",
    ]);
    const into = path.join(dir, "out");
    const names = await extractTar(createReadStream(file).pipe(createGunzip()), into);
    expect(names).toEqual(["manifest.json", "uploads/2026/11/big.bin"]);
    expect(readFileSync(path.join(into, "manifest.json"), "utf8")).toBe('{"a":1}\n');
    expect(readFileSync(path.join(into, "uploads/2026/11/big.bin")).equals(bytes)).toBe(true);
  });

  it("refuses a file that changed size while it was read", async () => {
    const dir = temp();
    const small = path.join(dir, "small.bin");
    writeFileSync(small, "12345");
    await expect(
      archive(path.join(dir, "c.tar.gz"), (writer) => writer.addFile("small.bin", small, 9)),
    ).rejects.toThrow(/changed while it was being backed up/);
  });

  it("refuses a name that leaves the folder, and an archive cut short", async () => {
    const evil = tar.pack();
    evil.entry({ name: "../escaped.txt" }, "x");
    evil.finalize();
    await expect(extractTar(Readable.from(evil), temp())).rejects.toThrow(/outside it: \.\.\/escaped\.txt/);

    const whole = tar.pack();
    whole.entry({ name: "a.bin" }, Buffer.alloc(5_000, 1));
    whole.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of whole) chunks.push(chunk as Buffer);
    const cut = Buffer.concat(chunks).subarray(0, 2_048);
    await expect(extractTar(Readable.from([cut]), temp())).rejects.toThrow();
  });
});
