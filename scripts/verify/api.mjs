// The few calls the verifier reads, over Node's own fetch. Every list is read page by page to its end.
import { gunzipSync } from "node:zlib";

export class Api {
  constructor(url, token) {
    this.base = url.replace(/\/+$/, "");
    this.token = token;
  }

  async call(method, path, query = {}, body) {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers = { accept: "application/json" };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (method === "POST") headers["content-type"] = "application/json";
    const response = await fetch(url, {
      method,
      headers,
      body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
    });
    const answer = await response.json().catch(() => null);
    if (answer?.code !== 1) {
      throw new Error(
        `${method} ${path}: ${answer ? `code ${answer.code}, ${answer.msg}` : `HTTP ${response.status}`}`,
      );
    }
    return answer.data;
  }

  async all(method, path, query = {}, body) {
    const items = [];
    for (let page = 1; ; page++) {
      const data = await this.call(method, path, { ...query, page, list: 100 }, body);
      items.push(...data.items);
      if (data.items.length < 100 || items.length >= data.total) return items;
    }
  }

  /** A pair's ticks with `at` in [from, to], oldest first. */
  ticks(productid, from, to) {
    return this.all("GET", "/api/index/ticks", { productid, from, to });
  }

  heads() {
    return this.call("GET", "/api/index/tickhead");
  }

  archives(productid) {
    return this.all("GET", "/api/index/tickarchives", { productid });
  }

  /** An archive file's bytes (gzip) and its ticks parsed from the CSV inside. */
  async archiveFile(urlPath) {
    const response = await fetch(this.base + urlPath);
    if (!response.ok) throw new Error(`GET ${urlPath}: HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const [header, ...lines] = gunzipSync(bytes).toString("utf8").trimEnd().split("\n");
    if (header !== "id,price,at,prev_hash,hash") throw new Error(`${urlPath}: unexpected header ${header}`);
    const ticks = lines.filter(Boolean).map((line) => {
      const [id, price, at, prev_hash, hash] = line.split(",");
      return { id: Number(id), price, at, prev_hash, hash };
    });
    return { bytes, ticks };
  }

  /** Every receipt key the server has signed with (decision 145). */
  receiptKeys() {
    return this.call("GET", "/api/index/receiptkey");
  }

  settledOrders() {
    return this.all("POST", "/api/index/miaolist", {}, { status: "settled" });
  }

  async currencyDecimals() {
    const { items } = await this.call("GET", "/api/index/currencies");
    return new Map(items.map((c) => [c.code, c.decimals]));
  }

  bills() {
    return this.all("POST", "/api/index/getmoneylog");
  }

  userinfo() {
    return this.call("POST", "/api/index/userinfo");
  }

  reservesLatest() {
    return this.call("GET", "/api/reserves/latest");
  }

  reservesList() {
    return this.all("GET", "/api/reserves/list");
  }

  reservesProof(snapshotId) {
    return this.call("POST", "/api/user/reserves/proof", {}, { snapshot_id: snapshotId });
  }
}
