import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { START_ENV, START_NODE_ARGS } from "./start-env.mjs";

/**
 * `npm start` (the root package.json) and the production unit (deploy/cryptos@.service) start the same server the same
 * way: the allocator's setting (decision 084) and node's flags (decisions 169 and 170) live in both, and drift between
 * them would make production a server nobody measured.
 */
const root = new URL("..", import.meta.url);
const unit = readFileSync(new URL("deploy/cryptos@.service", root), "utf8");

describe("how the server starts", () => {
  it("with PGlite's WebAssembly at V8's baseline tier and small young-generation semi-spaces (169, 170)", () => {
    expect(START_NODE_ARGS).toEqual(["--liftoff-only", "--max-semi-space-size=4"]);
  });

  it("with the same node flags in npm start and in the systemd unit", () => {
    const execStart = /^ExecStart=(\S+) (.*) apps\/server\/dist\/main\.js$/m.exec(unit);
    expect(execStart?.[1]).toBe("/usr/bin/node");
    expect(execStart?.[2]?.split(" ")).toEqual(START_NODE_ARGS);
  });

  it("with the same allocator environment in npm start and in the systemd unit", () => {
    expect(Object.keys(START_ENV)).toEqual(["MALLOC_MMAP_THRESHOLD_"]);
    const environment = /^Environment=(.*)$/m.exec(unit)?.[1]?.split(" ") ?? [];
    for (const [name, value] of Object.entries(START_ENV)) expect(environment).toContain(`${name}=${value}`);
  });
});

const health = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (response) => response.status,
    () => 0,
  );

async function until(what: string, ms: number, done: () => Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// npm passes a SIGTERM on to its script's process; under `sh -c` without `exec`, that was the shell, and the server
// went on answering with nobody to stop it. Needs the build the test command makes (scripts/test.sh).
describe.skipIf(process.env.TEST_SERVER_BUILD !== "1")("npm start, stopped", () => {
  it("stops the server when npm is sent SIGTERM", { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "cryptos-npm-start-"));
    const port = 18_300 + Math.floor(Math.random() * 500);
    let npm: ChildProcess | undefined;
    try {
      npm = spawn("npm", ["start"], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
        stdio: "ignore",
        // Its own process group, so that `finally` also ends a server that outlived npm.
        detached: true,
      });
      await until("the server answers", 60_000, async () => (await health(port)) === 200);
      npm.kill("SIGTERM");
      await until("the server stops answering", 20_000, async () => (await health(port)) === 0);
    } finally {
      if (npm?.pid) {
        try {
          process.kill(-npm.pid, "SIGKILL");
        } catch {
          // Nothing of the group is left.
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
