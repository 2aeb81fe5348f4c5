import type { Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import * as repo from "./repo";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * What in the mail opens the account (a code, a link's token): with SMTP the outbox keeps the mail with each of
   * these masked, so an operator reading it learns nothing that signs in as the user (decision 099). Every composer
   * says, `[]` for a mail that carries none.
   */
  secrets: string[];
}

/** Where the mailer reports; never given a mail's body, since bodies carry one-time codes. */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MailerOptions {
  /** `smtp://…` or `smtps://…`; without it mail stays in the outbox, whole, for operators to read (the demo). */
  smtpUrl: string | undefined;
  from: string;
  log?: MailLog | undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** What an outbox copy shows in place of a secret. */
export const MASK = "••••••";

/** `text` with every secret masked, as written or HTML-escaped. */
const hide = (secrets: string[], text: string) =>
  secrets
    .filter((secret) => secret.length > 0)
    .reduce((out, secret) => out.replaceAll(secret, MASK).replaceAll(escapeHtml(secret), MASK), text);

/** The mail with every secret masked, in the subject, the text and the HTML. */
export function masked(mail: OutgoingMail): OutgoingMail {
  const { secrets } = mail;
  return {
    ...mail,
    subject: hide(secrets, mail.subject),
    text: hide(secrets, mail.text),
    html: hide(secrets, mail.html),
  };
}

/** A plain HTML rendering of paragraphs of text. */
export const paragraphsToHtml = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("")}</body></html>`;

/**
 * Every mail is first written to the outbox. With SMTP configured it is written with its secrets masked, then
 * delivered whole from memory in the background and marked sent (or its error recorded), so a request that mails
 * someone answers as fast as one that does not: response times never tell whether an email address has an account.
 * Without SMTP the outbox is the only way a code reaches anyone, and it keeps the mail whole.
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

  /** Whether mail goes out by SMTP; when not, the outbox shows it whole (the console says so). */
  get delivering(): boolean {
    return Boolean(this.options.smtpUrl);
  }

  /** Records the mail and starts its delivery; returns the outbox id. */
  async send(mail: OutgoingMail): Promise<number> {
    const { smtpUrl } = this.options;
    const { to, subject, text, html } = smtpUrl ? masked(mail) : mail;
    const id = await repo.insertOutboxMail(this.db, { to, subject, text, html, createdAt: this.clock.now() });
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
      const { to, subject, text, html } = mail;
      await (await transport).sendMail({ from: this.options.from, to, subject, text, html });
      await repo.markOutboxSent(this.db, id, this.clock.now());
    } catch (error) {
      // A server's refusal may quote the message back; what is recorded is masked like the mail.
      const reason = hide(mail.secrets, error instanceof Error ? error.message : String(error));
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
