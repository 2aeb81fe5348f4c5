import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * The running server's local door for the operator command line (decision 111): a Unix socket in the data folder,
 * readable and writable by its owner only. Whoever may open it may read the data folder anyway; nobody else reaches it.
 * One request per connection: a JSON line in, a JSON line out.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, "control.sock");

export interface ControlRequest {
  op: "backup";
  /** Absolute path of the backup to write. */
  out: string;
}
export type ControlAnswer =
  | { ok: true; file: string; sha256: string; bytes: number; heldMs?: number | undefined }
  | { ok: false; error: string };

/** Unix sockets' paths are limited to about 100 bytes (sun_path). */
const MAX_SOCKET_PATH = 100;

export async function serveControl(
  dataDir: string,
  handle: (request: ControlRequest) => Promise<ControlAnswer>,
): Promise<{ close(): Promise<void> } | { problem: string }> {
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    return { problem: `${file} is too long for a Unix socket: \`operator backup\` cannot reach this server` };
  }
  // A socket left by a server that was killed; this process holds the data folder's lock, so no other server uses it.
  rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.on("data", (chunk: string) => {
      input += chunk;
      const end = input.indexOf("\n");
      if (end < 0) {
        if (input.length > 64_000) socket.destroy();
        return;
      }
      const reply = (answer: ControlAnswer) => socket.end(`${JSON.stringify(answer)}\n`);
      let request: ControlRequest;
      try {
        request = JSON.parse(input.slice(0, end)) as ControlRequest;
      } catch {
        return reply({ ok: false, error: "not a JSON request" });
      }
      if (request.op !== "backup" || typeof request.out !== "string" || !path.isAbsolute(request.out)) {
        return reply({ ok: false, error: "unknown request" });
      }
      handle(request).then(reply, (error: unknown) =>
        reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

/** The running server's answer, or undefined when no server listens in `dataDir`. */
export function askServer(dataDir: string, request: ControlRequest): Promise<ControlAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(dataDir));
    let answer = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(answer) as ControlAnswer);
      } catch {
        reject(new Error(`the server answered something unreadable: ${answer.slice(0, 200)}`));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(undefined);
      else reject(error);
    });
  });
}
