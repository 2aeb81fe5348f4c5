import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client";
import { systemClock } from "../src/lib/clock";
import { AdminService } from "../src/modules/admin/service";
import { nodeArgsFor } from "./crash-fixtures";
import { testDbKind } from "./helper";
import { checkedOnClose } from "./invariants";

const run = promisify(execFile);
/** The CLI runs from a folder of its own: nothing it reads may depend on where the operator stands. */
const cliFolder = fileURLToPath(new URL("../src", import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function operatorCli(dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [...nodeArgsFor("cli"), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      cwd: cliFolder,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, out: e.stderr };
  }
}

// Each case spawns the CLI (node --import tsx) several times: 20 s alone, up to 120 s beside the browser tests in CI.
// The CLI works on the embedded database; once is enough, so it runs in the PGlite project only.
describe.runIf(testDbKind() === "pglite")("npm run operator", () => {
  it("creates an operator who can then sign in, updates the password, and refuses bad input", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-cli-"));
    dirs.push(dataDir);
    for (const help of [["--help"], ["sweep", "--help"], ["-h"]]) {
      expect(await operatorCli(dataDir, ...help)).toMatchObject({ code: 0, out: expect.stringMatching(/^Usage: /) });
    }
    expect(await operatorCli(dataDir, "backup", "--outt", "x.tar")).toMatchObject({
      code: 2,
      out: expect.stringMatching(/^Unknown option '--outt'.*\nUsage: /s),
    });
    expect(await operatorCli(dataDir, "create", "ops@example.com", "short")).toMatchObject({ code: 2 });
    expect(await operatorCli(dataDir, "delete", "ops@example.com")).toMatchObject({ code: 2 });
    expect(await operatorCli(dataDir, "create", "ops@example.com", "first-password-1")).toMatchObject({
      code: 0,
      out: expect.stringMatching(/Created operator ops@example.com/),
    });
    expect(await operatorCli(dataDir, "create", "ops@example.com", "second-password-2")).toMatchObject({
      code: 0,
      out: expect.stringMatching(/Updated operator/),
    });

    const database = checkedOnClose(await openDatabase({ dataDir }));
    try {
      const admin = new AdminService(database.db, systemClock);
      await expect(admin.login("ops@example.com", "first-password-1", "127.0.0.1")).rejects.toThrow();
      expect((await admin.login("ops@example.com", "second-password-2", "127.0.0.1")).token).toMatch(/^op_/);
    } finally {
      await database.close();
    }
  }, 300_000);

  it("totp-reset turns an operator's two-step sign-in off, so the password alone signs in again; both it and create sign the operator's sessions out", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-cli-"));
    dirs.push(dataDir);
    expect(await operatorCli(dataDir, "create", "ops@example.com", "first-password-1")).toMatchObject({ code: 0 });
    let database = await openDatabase({ dataDir });
    let session: { token: string };
    try {
      const admin = new AdminService(database.db, systemClock);
      session = await admin.login("ops@example.com", "first-password-1", "127.0.0.1");
      const caller = (await admin.resolveSession(session.token))!;
      const meta = { ip: "127.0.0.1" };
      const { secret } = await admin.totpSetup(caller, "first-password-1", meta);
      await admin.totpEnable(caller, TOTP.generate({ secret: Secret.fromBase32(secret) }), "first-password-1", meta);
      await expect(admin.login("ops@example.com", "first-password-1", "127.0.0.1")).rejects.toThrow("totp_required");
    } finally {
      await database.close();
    }

    expect(await operatorCli(dataDir, "totp-reset")).toMatchObject({ code: 2 });
    expect(await operatorCli(dataDir, "totp-reset", "nobody@example.com")).toMatchObject({
      code: 1,
      out: expect.stringMatching(/No operator nobody@example.com/),
    });
    expect(await operatorCli(dataDir, "totp-reset", "OPS@example.com")).toMatchObject({
      code: 0,
      out: expect.stringMatching(/Two-step sign-in is off for OPS@example.com/),
    });

    database = await openDatabase({ dataDir });
    try {
      const admin = new AdminService(database.db, systemClock);
      expect(await admin.resolveSession(session.token)).toBeNull();
      session = await admin.login("ops@example.com", "first-password-1", "127.0.0.1");
      expect(session.token).toMatch(/^op_/);
      const [operator] = await admin.listOperators();
      expect(operator).toMatchObject({ email: "ops@example.com", totp_enabled: false });
    } finally {
      await database.close();
    }
    // A password set for an existing operator ends the session just opened (issue 38).
    expect(await operatorCli(dataDir, "create", "ops@example.com", "second-password-2")).toMatchObject({
      code: 0,
      out: expect.stringMatching(/Updated operator ops@example.com \(id \d+\)\. Signed out 1 session\./),
    });
  }, 300_000);
});
