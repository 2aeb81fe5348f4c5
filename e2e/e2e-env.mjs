// Where this browser-test run's app lives. E2E_PORT lets several runs share a machine (each gets its own
// database folder, mail sink port and mail file).
import { tmpdir } from "node:os";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const MAIL_PORT = E2E_PORT + 1000;
export const RUN_DIR = path.join(tmpdir(), `cryptos-e2e-${E2E_PORT}`);
export const MAIL_FILE = path.join(RUN_DIR, "mails.jsonl");
// Seconds between two emailed codes to one address (docs/design/accounts.md: 60). The specs that ask twice move the
// server's code clock past it (TEST_CLOCK, decision 141); the refusal inside it is still seen.
export const CODE_RESEND_S = 15;
export const E2E_OPERATOR = { email: "e2e-operator@cryptos.local", password: "e2e-operator-password-1" };
// A second operator, created with the CLI before the server starts, for the two-step sign-in spec: it turns TOTP
// on, which must never happen to E2E_OPERATOR that every other spec signs in as.
export const E2E_TOTP_OPERATOR = { email: "e2e-totp-operator@cryptos.local", password: "e2e-totp-password-1" };
