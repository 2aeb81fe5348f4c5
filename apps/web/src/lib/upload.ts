import { type Calls, type DataOf, routes, UPLOAD_TIMEOUT_MS } from "@cryptos/contract";
import { buildUrl, headers, send } from "./api";

type Uploaded = DataOf<Calls["upload"]>;

/** Uploads one image (multipart field `file`) for deposits and real-name; resolves with `{id, url}`. */
export async function upload(file: Blob, signal?: AbortSignal): Promise<Uploaded> {
  const form = new FormData();
  form.append("file", file);
  const init: RequestInit = { method: routes.upload.method, headers: headers(false), body: form };
  return (await send(buildUrl(routes.upload.path, undefined), init, UPLOAD_TIMEOUT_MS, signal)) as Uploaded;
}
