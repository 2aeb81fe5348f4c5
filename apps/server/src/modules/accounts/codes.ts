import { randomInt, timingSafeEqual } from "node:crypto";
import { APP_NAME, CODE_LENGTH, CODE_TTL_S, type EmsEvent, type Locale } from "@cryptos/contract";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { type MessageKey, translate } from "../../i18n/translate";
import type { Clock } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import { hashToken } from "../../lib/secrets";
import { type Mailer, type OutgoingMail, paragraphsToHtml } from "./mailer";
import * as repo from "./repo";
import type { RequestMeta } from "./sessions";

const MINUTE_MS = 60_000;
/** Wrong guesses after which a code is dead. */
const MAX_CODE_GUESSES = 5;
/** Codes one IP may request per window. */
const CODE_IP_WINDOW_MS = 10 * MINUTE_MS;
const CODE_IP_MAX = 10;

const codeHash = (email: string, event: string, code: string) => hashToken(`${event}:${email}:${code}`);

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const minutesUntil = (from: Date | null, windowMs: number, now: Date) =>
  Math.max(1, Math.ceil(((from?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / MINUTE_MS));

const CODE_MAIL: Record<EmsEvent, MessageKey> = {
  register: "mail_code_register",
  login: "mail_code_login",
  withdraw: "mail_code_withdraw",
  reset: "mail_code_reset",
  security: "mail_code_security",
};

/** Emailed 6-digit codes: sent under per-email and per-address limits, each good for one use and a few guesses. */
export class EmailCodesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: Pick<Config, "perIpLimits" | "codeResendSeconds">,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Emails a 6-digit code for `event`. One request per email per `codeResendSeconds` (60), whatever the event, and a
   * limit per IP. A code is recorded for every request, but mailed only where it can be used: a login, reset or
   * withdraw code for an unknown email is never sent, and a register request for a taken email gets a mail saying
   * so instead of a code. The answer is the same in every case.
   */
  async sendCode(email: string, event: EmsEvent, meta: RequestMeta): Promise<{ resend_after: number }> {
    const now = this.clock.now();
    if (this.config.perIpLimits) {
      const recent = await repo.codesFromIpSince(this.db, meta.ip, new Date(now.getTime() - CODE_IP_WINDOW_MS));
      if (recent.count >= CODE_IP_MAX) {
        const minutes = minutesUntil(recent.first, CODE_IP_WINDOW_MS, now);
        throw new Refusal("code_ip_limited", { minutes, count: minutes });
      }
    }
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
    await withTransaction(this.db, async (tx) => {
      await repo.lockEmail(tx, email);
      const last = await repo.latestCodeForEmail(tx, email);
      if (last) {
        const wait = Math.ceil(
          (last.createdAt.getTime() + this.config.codeResendSeconds * 1000 - now.getTime()) / 1000,
        );
        if (wait > 0) throw new Refusal("code_wait", { seconds: wait, count: wait });
      }
      await repo.insertCode(tx, {
        email,
        event,
        codeHash: codeHash(email, event, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_S * 1000),
        ip: meta.ip,
      });
    });

    const registered = (await repo.findUserByEmail(this.db, email)) !== undefined;
    const mail =
      event === "register"
        ? registered
          ? this.accountExistsMail(email, meta.locale)
          : this.codeMail(email, event, code, meta.locale)
        : registered
          ? this.codeMail(email, event, code, meta.locale)
          : null;
    if (mail) await this.mailer.send(mail);
    return { resend_after: this.config.codeResendSeconds };
  }

  private codeMail(to: string, event: EmsEvent, code: string, locale: Locale): OutgoingMail {
    const minutes = Math.round(CODE_TTL_S / 60);
    const t = (key: MessageKey) => translate(locale, key, { app: APP_NAME, code, minutes, count: minutes });
    const paragraphs = [t(CODE_MAIL[event]), t("mail_code_validity")];
    return {
      to,
      subject: t("mail_code_subject"),
      text: paragraphs.join("\n\n"),
      html: paragraphsToHtml(paragraphs),
      secrets: [code],
    };
  }

  private accountExistsMail(to: string, locale: Locale): OutgoingMail {
    const t = (key: MessageKey) => translate(locale, key, { app: APP_NAME });
    const paragraphs = [t("mail_exists_body")];
    return {
      to,
      subject: t("mail_exists_subject"),
      text: paragraphs.join("\n\n"),
      html: paragraphsToHtml(paragraphs),
      secrets: [],
    };
  }

  /**
   * Uses up the newest code for this email and event if `code` matches and it is still good. A wrong guess counts
   * against the code, which dies after MAX_CODE_GUESSES.
   */
  async consumeCode(email: string, event: EmsEvent, code: string): Promise<boolean> {
    const id = await this.matchCode(email, event, code);
    return id !== null && repo.consumeCode(this.db, id, this.clock.now());
  }

  /**
   * The id of the newest code for this email and event when `code` matches and is still good; not used up yet. The
   * guess is counted before the comparison (one statement that refuses past MAX_CODE_GUESSES), so guesses arriving
   * together never check more than the limit; a right guess is given back.
   */
  async matchCode(email: string, event: EmsEvent, code: string): Promise<number | null> {
    const row = await repo.reserveCodeGuess(this.db, email, event, this.clock.now(), MAX_CODE_GUESSES);
    if (!row || !sameHash(codeHash(email, event, code), row.codeHash)) return null;
    await repo.returnCodeGuess(this.db, row.id);
    return row.id;
  }

  /**
   * For withdrawals: the id of the live code emailed to the user's own address when `code` is it, not used up (a
   * wrong guess counts against the code here, whatever happens to the request).
   */
  async matchCodeForUser(userId: number, event: EmsEvent, code: string): Promise<number | null> {
    const user = await repo.findUserById(this.db, userId);
    return user?.email ? this.matchCode(user.email, event, code) : null;
  }

  /**
   * Uses up a code `matchCodeForUser` found, in the transaction that does what it allows: when that rolls back (the
   * withdrawal refused for the money), the code stays good. False when another request used it first.
   */
  useCode(tx: Tx, id: number): Promise<boolean> {
    return repo.consumeCode(tx, id, this.clock.now());
  }
}
