// Starts the built app exactly as `npm start` does, on a fresh embedded database for this test run, with its mail
// going to a real SMTP sink on 127.0.0.1 and a known operator for the console tests.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { START_ENV, START_NODE_ARGS } from "../scripts/start-env.mjs";
import { CODE_RESEND_S, E2E_OPERATOR, E2E_PORT, E2E_TOTP_OPERATOR, MAIL_FILE, MAIL_PORT, RUN_DIR } from "./e2e-env.mjs";
import { startMailSink } from "./mail-sink.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
rmSync(RUN_DIR, { recursive: true, force: true });
const dataDir = path.join(RUN_DIR, "data");
mkdirSync(dataDir, { recursive: true });
const sink = await startMailSink(MAIL_PORT, MAIL_FILE);

// The operator CLI on the fresh (not yet open) database, as an admin would run it: a second operator. The shared
// operator is created first so that it keeps id 1, as the other specs have always seen it.
for (const { email, password } of [E2E_OPERATOR, E2E_TOTP_OPERATOR]) {
  execFileSync(process.execPath, [path.join(here, "../apps/server/dist/cli.js"), "create", email, password], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const server = spawn(process.execPath, [...START_NODE_ARGS, path.join(here, "../apps/server/dist/main.js")], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...START_ENV,
    PORT: String(E2E_PORT),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: `http://127.0.0.1:${E2E_PORT}`,
    DATA_DIR: dataDir,
    PER_IP_LIMITS: "off",
    // Every browser and API call of the whole suite comes from 127.0.0.1 within a few minutes.
    RATE_LIMIT_PER_MINUTE: "100000",
    // A week of history: the charts and their paging back are the same, and the suite does not share its first
    // minutes with the 90-day default's background writing (decision 028).
    SIMULATED_HISTORY_DAYS: "7",
    CODE_RESEND_SECONDS: String(CODE_RESEND_S),
    // The specs move the emailed codes' clock past that window instead of waiting it out (decision 141).
    TEST_CLOCK: "on",
    SMTP_URL: `smtp://127.0.0.1:${MAIL_PORT}`,
    OPERATOR_EMAIL: E2E_OPERATOR.email,
    OPERATOR_PASSWORD: E2E_OPERATOR.password,
  },
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => {
  sink.close(() => process.exit(code ?? (signal ? 1 : 0)));
});
