// A real SMTP server on 127.0.0.1 for the browser tests: the app sends its mail here (SMTP_URL), and every mail
// is appended as one JSON line to a file the tests read (fixtures/mail.ts).
import { appendFileSync, writeFileSync } from "node:fs";
import { SMTPServer } from "smtp-server";

/** Starts the sink on `port`; mails go to `file` as {to, subject, raw} lines. */
export async function startMailSink(port, file) {
  writeFileSync(file, "");
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        appendFileSync(file, `${JSON.stringify({ to, subject, raw })}\n`);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
