/**
 * The first screen's reads that index.html's inline script (apps/web/shell/first-reads.js) sent before the app's
 * entry had downloaded, each as the app would send it.
 */
export interface FirstRead {
  method: string;
  url: string;
  /** A POST's JSON body (some of the spec's reads are POSTs), else null. */
  body: string | null;
  language: string;
  token: string | null;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __firstReads?: FirstRead[];
  }
}

function pending(): FirstRead[] | undefined {
  return typeof window === "undefined" ? undefined : window.__firstReads;
}

/**
 * The answer to a read already under way that this request would repeat: the same method, address and body, in the
 * same language, for the same session (or none). Each is taken once; the next such request goes to the network.
 */
export function takeFirstRead(url: string, init: RequestInit, reads = pending()): Promise<Response> | undefined {
  if (!reads?.length) return undefined;
  const method = init.method ?? "GET";
  const body = typeof init.body === "string" ? init.body : null;
  if (init.body != null && body === null) return undefined;
  const headers = new Headers(init.headers);
  const token = headers.get("authorization")?.replace(/^Bearer /, "") ?? null;
  const index = reads.findIndex(
    (read) =>
      read.method === method &&
      read.url === url &&
      read.body === body &&
      read.language === headers.get("lang") &&
      read.token === token,
  );
  if (index < 0) return undefined;
  return reads.splice(index, 1)[0]?.response;
}

/**
 * Forgets the reads the app did not take once its first reads are asked for: an answer kept for later would be
 * shown as fresh long after it was read.
 */
export function dropFirstReads(reads = pending()): void {
  reads?.splice(0);
}
