import type { Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import * as repo from "./repo";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where the mailer reports; never given a mail's body, since bodies carry one-time codes. */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MailerOptions {
  /** `smtp://…` or `smtps://…`; without it mail stays in the outbox for operators to read. */
  smtpUrl: string | undefined;
  from: string;
  log?: MailLog | undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A plain HTML rendering of paragraphs of text. */
export const paragraphsToHtml = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("")}</body></html>`;

/**
 * Every mail is first written to the outbox. With SMTP configured it is then delivered in the background and
 * marked sent (or its error recorded), so a request that mails someone answers as fast as one that does not:
 * response times never tell whether an email address has an account.
 */
export class Mailer {
  /** Made at the first mail: nodemailer is not loaded by a start that sends none (30-45 ms). */
  private transport: Promise<Transporter> | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: MailerOptions,
  ) {}

  /** Records the mail and starts its delivery; returns the outbox id. */
  async send(mail: OutgoingMail): Promise<number> {
    const id = await repo.insertOutboxMail(this.db, { ...mail, createdAt: this.clock.now() });
    const { smtpUrl } = this.options;
    if (!smtpUrl) {
      this.options.log?.info({ outboxId: id, to: mail.to }, "mail kept in the outbox (no SMTP_URL)");
      return id;
    }
    this.transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    const delivery = this.deliver(this.transport, id, mail);
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
    return id;
  }

  private async deliver(transport: Promise<Transporter>, id: number, mail: OutgoingMail): Promise<void> {
    try {
      await (await transport).sendMail({ from: this.options.from, ...mail });
      await repo.markOutboxSent(this.db, id, this.clock.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.log?.warn({ outboxId: id, to: mail.to, reason }, "mail delivery failed");
      await repo.markOutboxFailed(this.db, id, reason.slice(0, 1000)).catch(() => {});
    }
  }

  /** Waits for deliveries under way (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.flush();
    // A transport that never loaded (its import failed) has nothing to close; each delivery recorded that failure.
    (await this.transport?.catch(() => undefined))?.close();
  }
}
