import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import type { Pack } from "tar-stream";

/**
 * A backup's tar (ustar, through tar-stream): regular files written and read as streams, so `tar tzf` lists a backup
 * and a backup of any size never sits in memory. tar-stream is loaded on the first backup or restore, not by every
 * start (decision 085).
 */

const tarStream = async () => (await import("tar-stream")).default;

/** Appends entries to `out` (a gzip stream, usually); `end()` closes the archive and waits for `out` to finish. */
export class TarWriter {
  private readonly piped: Promise<void>;

  private constructor(
    private readonly pack: Pack,
    out: Writable,
  ) {
    this.piped = pipeline(pack, out);
    // A failure shows where the writer is used (add, addFile, end); this keeps it from going unhandled meanwhile.
    this.piped.catch(() => {});
  }

  static async open(out: Writable): Promise<TarWriter> {
    return new TarWriter((await tarStream()).pack(), out);
  }

  async add(name: string, data: Buffer) {
    await new Promise<void>((resolve, reject) => {
      this.pack.entry({ name, size: data.length, mode: 0o600 }, data, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** A file's bytes, streamed; `size` is its size when it is read (the file must not change meanwhile). */
  async addFile(name: string, file: string, size: number) {
    let written = 0;
    const entry = this.pack.entry({ name, size, mode: 0o600 });
    const source = createReadStream(file);
    source.on("data", (chunk) => {
      written += (chunk as Buffer).length;
    });
    try {
      await pipeline(source, entry);
    } catch (error) {
      throw written === size ? error : new Error(`${file} changed while it was being backed up`);
    }
    if (written !== size) throw new Error(`${file} changed while it was being backed up`);
  }

  async end() {
    this.pack.finalize();
    await this.piped;
  }
}

/**
 * Reads a tar stream and writes each regular file under `into` (names that would leave it are refused), returning the
 * names in order.
 */
export async function extractTar(input: Readable, into: string): Promise<string[]> {
  const names: string[] = [];
  const root = path.resolve(into);
  const extract = (await tarStream()).extract();
  const fed = pipeline(input, extract);
  // A failure inside the loop leaves the pipeline to fail too: it is awaited (and thrown) only when the loop ends.
  fed.catch(() => {});
  for await (const entry of extract) {
    const { name, type } = entry.header;
    if (type !== "file") {
      entry.resume();
      continue;
    }
    const target = path.resolve(root, name);
    if (!target.startsWith(`${root}${path.sep}`)) throw new Error(`the backup names a file outside it: ${name}`);
    mkdirSync(path.dirname(target), { recursive: true });
    names.push(name);
    const out = createWriteStream(target);
    await pipeline(entry, out);
    await finished(out);
  }
  await fed;
  return names;
}
