import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, URL as NodeUrl } from "node:url";

/** One request the app sent: its path (the spec's, e.g. `/api/index/domiao`) and its JSON body. */
export interface SentCall {
  path: string;
  body: unknown;
}

/** An answer: the envelope's `data`, or a refusal (`code: 0`) with its message. */
export type Answer = (body: never) => unknown;
export class Refuse {
  constructor(readonly msg: string) {}
}

// Node's URL: the page's (happy-dom's) would resolve against the page, not this file.
const LOCALES = fileURLToPath(new NodeUrl("../locales/", import.meta.url));
/** Where the component tests' `__TRANSLATIONS__` points (vitest.config.ts, project web-dom). */
export const TRANSLATIONS_PATH = "/translations";

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * A small real HTTP server on 127.0.0.1 that the app's own fetch talks to (the page's origin is set to it): the
 * calls are answered from `answers` by path in the envelope the server uses, and recorded; the translations come from
 * `src/locales`. Components and the api client run as in the browser, nothing inside them is replaced.
 */
export async function startApi(answers: Record<string, Answer>) {
  const sent: SentCall[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      if (url.pathname.startsWith(`${TRANSLATIONS_PATH}/`)) {
        const file = url.pathname.slice(TRANSLATIONS_PATH.length + 1);
        if (!/^[a-zA-Z-]+\/[a-z-]+\.json$/.test(file)) return response.writeHead(404).end();
        const text = await readFile(`${LOCALES}${file}`, "utf8").catch(() => null);
        if (text === null) return response.writeHead(404).end();
        return response.writeHead(200, { "content-type": "application/json" }).end(text);
      }
      const body = await readBody(request);
      sent.push({ path: url.pathname, body });
      const answer = answers[url.pathname];
      const result = answer ? answer(body as never) : new Refuse(`no answer for ${url.pathname}`);
      const envelope = result instanceof Refuse ? { code: 0, msg: result.msg } : { code: 1, msg: "", data: result };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(envelope));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** What the app sent to `path`, oldest first. */
    bodiesTo: (path: string) => sent.filter((call) => call.path === path).map((call) => call.body),
    paths: () => sent.map((call) => call.path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
