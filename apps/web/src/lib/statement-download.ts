import { type ExportKind, exportPath } from "@cryptos/contract";
import { ApiError, buildUrl, headers, NetworkError } from "./api";

/** The file name the server gives in Content-Disposition, else one of our own. */
function fileName(response: Response, kind: ExportKind): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return named ?? `cryptos-${kind}.csv`;
}

/**
 * Downloads one of the user's statements (`/api/user/export/<kind>.csv`). A link cannot send the bearer token, so
 * the file is fetched with it and handed to the browser as a blob. Throws ApiError (refused, e.g. signed out) or
 * NetworkError (no answer).
 */
export async function downloadStatement(kind: ExportKind): Promise<void> {
  const sent = headers(false);
  sent.set("accept", "text/csv");
  let response: Response;
  try {
    response = await fetch(buildUrl(exportPath(kind), undefined), { headers: sent });
  } catch {
    throw new NetworkError("offline");
  }
  if (!response.ok || !response.headers.get("content-type")?.startsWith("text/csv")) {
    const refusal = (await response.json().catch(() => undefined)) as { code?: number; msg?: string } | undefined;
    if (typeof refusal?.code === "number" && typeof refusal.msg === "string") {
      throw new ApiError(refusal.code, refusal.msg);
    }
    throw new NetworkError("bad-response");
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName(response, kind);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
