import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  /** Decoded, as a mail client shows it. */
  subject: string;
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for `config.smtpUrl`. */
  url: string;
  mails: ReceivedMail[];
  /**
   * The next mail to `to` (whose subject matches `subject`, when given) not yet returned by this function, waiting
   * for it to arrive.
   */
  nextMail(to: string, options?: { subject?: RegExp; timeoutMs?: number }): Promise<ReceivedMail>;
  /** The 6-digit code of the next mail to `to` that carries one (security notifications in between stay queued). */
  nextCode(to: string): Promise<string>;
  close(): Promise<void>;
}

/** A header as read: RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded, as mail clients show it. */
function decodeMimeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_whole, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

/** A real SMTP server on 127.0.0.1 that keeps every mail it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "";
        const subject = decodeMimeWords(header);
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, raw });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const take = (to: string, subject: RegExp | undefined) => {
    const mail = mails.find(
      (m) => !taken.has(m) && m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)),
    );
    if (mail) taken.add(mail);
    return mail;
  };

  async function nextMail(to: string, options: { subject?: RegExp; timeoutMs?: number } = {}): Promise<ReceivedMail> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const mail = take(to, options.subject);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMail,
    async nextCode(to) {
      const mail = await nextMail(to, { subject: /\b\d{6}\b/ });
      const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
      if (!code) throw new Error(`no code in the mail to ${to}: ${mail.subject}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
