import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { type CallName, calls, EXPORT_KINDS, type ExportKind, exportPath } from "@cryptos/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app";
import { translate } from "../src/i18n/translate";
import { ManualClock } from "../src/lib/clock";
import { Money } from "../src/lib/decimal";
import { columnsOf } from "../src/modules/exports/csv";
import { ExportsService, READABLE_COLUMNS } from "../src/modules/exports/service";
import { FundsStatements } from "../src/modules/funds/statements";
import type { Services } from "../src/modules/services";
import { depositCompleted, emailedCode, tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

let t: TestApp;
let s: Services;
let dataDir: string;
let op: string;
const clock = new ManualClock(new Date("2026-03-02T10:00:00Z"));
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const FORMULA_TXID = '=HYPERLINK("http://evil.example","x")';
let alice: SignedUpUser;
let bob: SignedUpUser;

/** Each statement beside the list call whose items it must equal. */
const LIST_CALL = {
  bills: "listBills",
  orders: "listUpDownOrders",
  deposits: "listDeposits",
  withdrawals: "listWithdrawals",
  exchanges: "listExchanges",
  staking: "listStakingOrders",
} as const satisfies Record<ExportKind, CallName>;
const ITEM = {
  bills: calls.listBills,
  orders: calls.listUpDownOrders,
  deposits: calls.listDeposits,
  withdrawals: calls.listWithdrawals,
  exchanges: calls.listExchanges,
  staking: calls.listStakingOrders,
};

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell || row.length) throw new Error(`the file does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return rows;
}

async function download(kind: ExportKind, headers: Record<string, string>) {
  const response = await t.app.inject({ method: "GET", url: exportPath(kind), headers });
  return response;
}

async function statement(kind: ExportKind, user: SignedUpUser) {
  const response = await download(kind, user.headers);
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers["content-disposition"]).toMatch(new RegExp(`attachment; filename="cryptos-${kind}-`));
  expect(response.body.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(response.body.slice(1));
  return { header: header!, rows };
}

/** Every item of a list call, page after page, as its JSON. */
async function listed(kind: ExportKind, user: SignedUpUser) {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const res = await t.send(LIST_CALL[kind], { as: user, query: { page, list: 100 } });
    expect(res.body.code, res.body.msg).toBe(1);
    const data = res.body.data!;
    items.push(...data.items);
    if (data.items.length < 100) return items;
  }
}

/** A list item as the statement writes it: its fields as cells, in the schema's order. */
function asCells(kind: ExportKind, item: Record<string, unknown>): string[] {
  const item_ = ITEM[kind].data.shape.items.element;
  return columnsOf(item_).map((c) => {
    const v = c.value(item);
    return v === null || v === undefined ? "" : String(v);
  });
}

/** The statement's cell back to the value it stands for (each neutralised formula loses its apostrophe). */
const unneutralised = (cell: string) => cell.replace(/(^|[,;\t\r\n] *)'(?=[=+\-@\t\r])/g, "$1");

/** Issue 38's attacks: text a spreadsheet splitting on `;` or a tab would run, each after a separator. */
const ATTACK_TXID = "0x;=cmd|' /C calc'!A0;";
const ATTACK_REASON = "proof unreadable;=cmd|' /C calc'!A0\t@SUM(1+1)*cmd|' /C calc'!A0, -2+3+cmd|' /C calc'!A0";
const ATTACK_NAME = "Flexible USDT; +cmd|' /C calc'!A0\t=1+1";

/**
 * The cells a spreadsheet reads from a statement when it splits on `separator` (the locale's: `,`, `;` or a tab):
 * a quote opens a quoted field only at a field's start, leading spaces are trimmed as import dialogs may.
 */
function cellsSplitOn(text: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (ch === separator || ch === "\r" || ch === "\n") {
      cells.push(cell.trimStart());
      cell = "";
      atStart = true;
    } else {
      cell += ch;
      atStart = false;
    }
  }
  cells.push(cell.trimStart());
  return cells;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-exports-"));
  // Two statements at once and one waiting: the pool's tests fill both (decision 102). They download over a Unix
  // socket, as from a proxy in front (which names the client: TRUST_PROXY).
  t = await startTestApp({ config: { dataDir, exportConcurrency: 2, exportQueue: 1, trustProxy: true }, clock });
  s = t.app.services;
  op = await t.operatorToken();
  const pairs = await s.market.listPairs(1);
  const btc = pairs.find((p) => p.symbol === "BTC/USDT")!.id;
  await s.market.recordQuotes([{ pairId: btc, price: "60000.00" }], clock.now());

  alice = await signUp(t);
  bob = await signUp(t);
  for (const user of [alice, bob]) {
    await depositCompleted(t, user, op, "1000");
    await t.send("withdrawAddressAdd", {
      as: user,
      body: { currency: "USDT", network: "TRC20", address: TRON, label: "+cmd|' /C calc'!A0" },
    });
  }
  // A deposit still waiting, whose transaction id a spreadsheet would run as a formula.
  const proof = await upload(t, alice, { data: tinyPng() });
  const channel = (await t.api("listDepositChannels", { as: alice })).items[0]!;
  const pending = await t.send("submitDeposit", {
    as: alice,
    body: { channel_id: channel.id, amount: "5", txid: FORMULA_TXID, images: [proof.body.data!.id] },
  });
  expect(pending.body.code, pending.body.msg).toBe(1);

  // An exchange, an up/down order settled both ways of the clock, a staking subscription, a withdrawal.
  const quote = await t.send("quoteExchange", {
    as: alice,
    body: { from: "USDT", to: "BTC", amount: "120" },
  });
  expect(quote.body.code, quote.body.msg).toBe(1);
  const done = await t.send("exchange", {
    as: alice,
    body: { quote_id: quote.body.data!.quote_id },
  });
  expect(done.body.code, done.body.msg).toBe(1);

  for (const direction of ["up", "down"] as const) {
    const placed = await t.send("placeUpDownOrder", {
      as: alice,
      body: { productid: btc, direction, amount: "10", seconds: 30 },
    });
    expect(placed.body.code, placed.body.msg).toBe(1);
  }
  await s.market.recordQuotes([{ pairId: btc, price: "60010.00" }], new Date(clock.now().getTime() + 500));
  await s.market.recordQuotes([{ pairId: btc, price: "60020.00" }], new Date(clock.now().getTime() + 29_000));
  clock.advance(32_000);
  await s.updown.settleDue();
  // One more, still open when the statement is taken.
  await s.market.recordQuotes([{ pairId: btc, price: "60020.00" }], clock.now());
  const open = await t.send("placeUpDownOrder", {
    as: alice,
    body: { productid: btc, direction: "up", amount: "12.5", seconds: 60 },
  });
  expect(open.body.code, open.body.msg).toBe(1);

  const products = await s.staking.products("en");
  const product = products.find((p) => p.currency === "USDT")!;
  const subscribed = await t.send("subscribeStaking", {
    as: alice,
    body: { eid: product.id, money: product.min_amount },
  });
  expect(subscribed.body.code, subscribed.body.msg).toBe(1);

  clock.advance(24 * 60 * 60 * 1000); // past the address book's hold and the code's resend wait
  const code = await emailedCode(t, alice.email, "withdraw");
  const withdrawal = await t.send("requestWithdrawal", {
    as: alice,
    body: { currency: "USDT", network: "TRC20", address: TRON, amount: "20", code },
  });
  expect(withdrawal.body.code, withdrawal.body.msg).toBe(1);
  op = await t.operatorToken();
}, 60_000);
afterEach(async () => {
  expect(await t.api("adminLedgerHealth", { as: op }), "ledger invariants").toMatchObject({ ok: true });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("statements", () => {
  for (const kind of EXPORT_KINDS) {
    it(`${kind}.csv: a header of the list call's fields, then exactly its items, newest first`, async () => {
      const readable = kind === "bills" ? READABLE_COLUMNS.bills : undefined;
      const whole = await statement(kind, alice);
      // The list call's fields, and a bill's type in words after its `type` (checked below).
      const at = readable ? whole.header.indexOf(readable.name) : -1;
      const header = whole.header.filter((_, i) => i !== at);
      const rows = whole.rows.map((row) => row.filter((_, i) => i !== at));
      if (readable) expect(whole.header[at - 1]).toBe(readable.after);
      const item = ITEM[kind].data.shape.items.element;
      expect(header).toEqual(columnsOf(item).map((c) => c.name));
      const items = await listed(kind, alice);
      expect(items.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.map(unneutralised))).toEqual(items.map((i) => asCells(kind, i)));
    });

    it(`${kind}.csv never holds another user's rows`, async () => {
      const { rows } = await statement(kind, bob);
      const theirs = new Set((await listed(kind, alice)).map((i) => String(i.id)));
      const mine = (await listed(kind, bob)).map((i) => String(i.id));
      expect(rows.map((r) => r[0])).toEqual(mine);
      for (const row of rows) expect(theirs.has(row[0]!) && !mine.includes(row[0]!)).toBe(false);
    });

    it(`${kind}.csv is refused without a token, and with an unknown one`, async () => {
      const none = await download(kind, {});
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: 401 });
      const unknown = await download(kind, { authorization: "Bearer not-a-session-token-at-all" });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ code: 401 });
    });
  }

  it("bills.csv names each bill's type in the reader's language beside the list call's name for it", async () => {
    for (const [language, deposit] of [
      ["en", "Deposit"],
      ["ja", translate("ja", "bill_type_deposit")],
      ["vi", "Nạp tiền"],
    ] as const) {
      const response = await download("bills", { ...alice.headers, lang: language });
      const [header, ...rows] = parseCsv(response.body.slice(1));
      const [type, name] = [header!.indexOf("type"), header!.indexOf("type_name")];
      expect(name).toBe(type + 1);
      const named = new Map(rows.map((row) => [row[type], row[name]]));
      expect(named.get("deposit"), language).toBe(deposit);
      expect(named.size).toBeGreaterThan(3);
      for (const [code, words] of named) expect(words, code).toBe(translate(language, `bill_type_${code}` as never));
    }
  });

  it("neutralises a text cell a spreadsheet would run, and leaves amounts as exact numbers", async () => {
    const { header, rows } = await statement("deposits", alice);
    const txid = header.indexOf("txid");
    const pending = rows.find((r) => r[header.indexOf("status")] === "pending")!;
    expect(pending[txid]).toBe(`'${FORMULA_TXID}`);
    const bills = await statement("bills", alice);
    const amounts = bills.rows.map((r) => r[bills.header.indexOf("amount")]!);
    expect(amounts.some((a) => a.startsWith("-"))).toBe(true);
    for (const amount of amounts) expect(amount).toMatch(/^-?\d+(\.\d+)?$/);
    const times = bills.rows.map((r) => r[bills.header.indexOf("created_at")]!);
    for (const time of times) expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("every balance equals the sum of its bills.csv rows", async () => {
    for (const user of [alice, bob]) {
      const { header, rows } = await statement("bills", user);
      const at = (field: string) => header.indexOf(field);
      const [currency, account, amount] = [at("currency"), at("account"), at("amount")] as [number, number, number];
      const sums = new Map<string, Money>();
      for (const row of rows) {
        const key = `${row[currency]}:${row[account]}`;
        sums.set(key, (sums.get(key) ?? new Money(0)).plus(row[amount]!));
      }
      const balances = await s.ledger.balances(user.userId);
      for (const b of balances) {
        for (const kind of ["available", "frozen", "custody"] as const) {
          expect(`${b.currency}:${kind} ${(sums.get(`${b.currency}:${kind}`) ?? new Money(0)).toFixed()}`).toBe(
            `${b.currency}:${kind} ${new Money(b[kind]).toFixed()}`,
          );
        }
      }
      // Alice's money sits in four accounts: USDT available, frozen (a withdrawal) and custody (staking), and BTC.
      expect(sums.size).toBe(user === alice ? 4 : 1);
    }
  });

  it("pages through the whole history with keyset pages of any size", async () => {
    const small = new ExportsService(
      t.database.db,
      {
        ledger: s.ledger,
        funds: new FundsStatements(t.database.db, s),
        updown: s.updown,
        staking: s.staking,
      },
      { concurrency: 1, queue: 0 },
      2,
    );
    for (const kind of EXPORT_KINDS) {
      let text = "";
      for await (const part of small.csv(alice.userId, kind, "en")) text += part;
      const { rows } = await statement(kind, alice);
      expect(parseCsv(text).slice(1), kind).toEqual(rows);
    }
  });

  it("no cell of a statement runs as a formula, whichever separator the spreadsheet splits on", async () => {
    const proof = await upload(t, alice, { data: tinyPng() });
    const channel = (await t.api("listDepositChannels", { as: alice })).items[0]!;
    const sent = await t.send("submitDeposit", {
      as: alice,
      body: { channel_id: channel.id, amount: "7", txid: ATTACK_TXID, images: [proof.body.data!.id] },
    });
    expect(sent.body.code, sent.body.msg).toBe(1);
    const rejected = await t.send("adminRechargeReview", {
      as: op,
      body: { id: sent.body.data!.id, action: "reject", reason: ATTACK_REASON },
    });
    expect(rejected.body.code, rejected.body.msg).toBe(1);
    const product = (await t.api("adminStakingList", { as: op })).items.find((p) => p.currency === "USDT")!;
    const renamed = await t.send("adminStakingSave", {
      as: op,
      body: { ...product, name: { ...product.name, en: ATTACK_NAME } },
    });
    expect(renamed.body.code, renamed.body.msg).toBe(1);

    const texts = {} as Record<ExportKind, string>;
    for (const kind of ["deposits", "staking"] as const) {
      const response = await download(kind, alice.headers);
      expect(response.statusCode).toBe(200);
      texts[kind] = response.body.slice(1);
      expect(texts[kind]).toContain(kind === "deposits" ? "=cmd|' /C calc'!A0" : "+cmd|' /C calc'!A0");
      for (const separator of [",", ";", "\t"]) {
        const runnable = cellsSplitOn(texts[kind], separator).filter(
          (cell) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell),
        );
        expect(runnable, `${kind}.csv split on ${JSON.stringify(separator)}`).toEqual([]);
      }
    }
    // Read as written (commas), the cells are still the user's values.
    const deposits = parseCsv(texts.deposits);
    const [header, ...rows] = deposits as [string[], ...string[][]];
    const row = rows.find((r) => r[header.indexOf("id")] === String(sent.body.data!.id))!;
    expect(unneutralised(row[header.indexOf("txid")]!)).toBe(ATTACK_TXID);
    expect(unneutralised(row[header.indexOf("reason")]!)).toBe(ATTACK_REASON);
    const staking = parseCsv(texts.staking);
    expect(staking.slice(1).map((r) => unneutralised(r[staking[0]!.indexOf("product_name")]!))).toContain(ATTACK_NAME);
  });
});

/** A statement being downloaded over a real connection: its first bytes read, the rest held back by the client. */
interface HeldStatement {
  response: http.IncomingMessage;
  request: http.ClientRequest;
  /** Reads the rest to the end: the whole file, first bytes included. */
  rest(): Promise<string>;
}

describe("statements share the server (issue 38)", () => {
  /**
   * The app listens on a Unix socket too: a client that stops reading holds a statement there after about 0.4 MB
   * (loopback TCP takes 4 MB into its buffers here, more than the test's statements).
   */
  let socketPath: string;
  const viaProxy = (user: SignedUpUser) => ({ ...user.headers, "x-forwarded-for": "127.0.0.1" });
  let carol: SignedUpUser;
  let dave: SignedUpUser;
  let erin: SignedUpUser;
  let frank: SignedUpUser;
  const held = new Set<http.ClientRequest>();

  /** Sends the request for `kind` as `user`; resolves with its answer once the first bytes are in, then stops reading. */
  function hold(user: SignedUpUser, kind: ExportKind = "bills"): Promise<HeldStatement> {
    return new Promise((resolve, reject) => {
      const request = http.get({ socketPath, path: exportPath(kind), headers: viaProxy(user) });
      held.add(request);
      request.on("error", () => {});
      request.on("response", (response) => {
        response.once("data", (first: Buffer) => {
          response.pause();
          const chunks = [first];
          resolve({
            response,
            request,
            rest: () =>
              new Promise((done) => {
                response.on("data", (c: Buffer) => chunks.push(c));
                response.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
                response.resume();
              }),
          });
        });
        response.on("error", reject);
      });
    });
  }

  /** A client that goes away in the middle of its download. */
  const abort = (statement: HeldStatement) => statement.request.destroy();

  const idle = () =>
    vi.waitFor(() => expect({ open: s.exports.openStatements, ...s.exports.pool.state }).toEqual(NOBODY), {
      timeout: 10_000,
    });
  const NOBODY = { open: 0, running: 0, waiting: 0 };

  /** `count` bills for `user`, each with a long reference, so that a statement outgrows the socket's buffers. */
  async function manyBills(user: SignedUpUser, count: number) {
    await s.ledger.transaction((tx) =>
      s.ledger.postMany(
        tx,
        Array.from({ length: count }, (_, i) => ({
          type: "deposit" as const,
          idempotencyKey: `exports-many:${user.userId}:${i}`,
          ref: { type: "test", id: `${"x".repeat(400)}${i}` },
          postings: [
            { account: { userId: user.userId, currency: "USDT", kind: "available" as const }, amount: "1" },
            { account: { system: "deposit_clearing" as const, currency: "USDT" }, amount: "-1" },
          ],
        })),
      ),
    );
  }

  beforeAll(async () => {
    socketPath = path.join(dataDir, "api.sock");
    await t.app.listen({ path: socketPath });
    [carol, dave, erin, frank] = [await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
    for (const user of [carol, dave, erin]) await manyBills(user, 3000);
  }, 60_000);
  afterEach(async () => {
    for (const request of held) request.destroy();
    held.clear();
    await idle();
  });

  it("refuses a second statement of the same user while the first is open, on any instance", async () => {
    const first = await hold(carol);
    expect(first.response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const again = await t.app.inject({
      method: "GET",
      url: exportPath("deposits"),
      headers: { ...carol.headers, lang: "de" },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ code: 0, msg: translate("de", "export_running") });
    // Another instance on the same database refuses it too: the rule is a lease in the database.
    const other = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      clock,
      rateLimitPerMinute: 1e9,
    });
    try {
      const there = await other.inject({ method: "GET", url: exportPath("bills"), headers: carol.headers });
      expect(there.json()).toMatchObject({ code: 0, msg: translate("en", "export_running") });
    } finally {
      await other.close();
    }
    // Someone else is served meanwhile.
    expect((await download("bills", frank.headers)).headers["content-type"]).toBe("text/csv; charset=utf-8");
    // Read to the end, the first frees the user: the next one is served in full.
    const file = await first.rest();
    expect(parseCsv(file.slice(1)).length).toBeGreaterThan(3000);
    await idle();
    const next = await statement("bills", carol);
    expect(next.rows.length).toBe(parseCsv(file.slice(1)).length - 1);
  });

  it("streams at most EXPORT_CONCURRENCY statements at once, queues EXPORT_QUEUE more in order, refuses the rest", async () => {
    const [first, second] = await Promise.all([hold(carol), hold(dave)]);
    expect(s.exports.pool.state).toEqual({ running: 2, waiting: 0 });
    let answered = false;
    const third = hold(erin).then((statement) => {
      answered = true;
      return statement;
    });
    await vi.waitFor(() => expect(s.exports.pool.state).toEqual({ running: 2, waiting: 1 }), { timeout: 10_000 });
    const refused = await t.app.inject({
      method: "GET",
      url: exportPath("bills"),
      headers: { ...frank.headers, lang: "fr" },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ code: 0, msg: translate("fr", "exports_busy") });
    expect(answered).toBe(false);
    // The first finishes: the waiting one takes its turn.
    await first.rest();
    const admitted = await third;
    expect(admitted.response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(s.exports.pool.state).toEqual({ running: 2, waiting: 0 });
    await Promise.all([second.rest(), admitted.rest()]);
    await idle();
  });

  it("gives the turn and the user's lease back when the client goes away mid-statement", async () => {
    const [first, second] = await Promise.all([hold(carol), hold(dave)]);
    const waiting = hold(erin);
    await vi.waitFor(() => expect(s.exports.pool.state).toEqual({ running: 2, waiting: 1 }), { timeout: 10_000 });
    abort(first);
    const admitted = await waiting;
    expect(admitted.response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    abort(second);
    abort(admitted);
    await idle();
    // Every one of them is served again, in full, as is a fourth user.
    for (const user of [carol, dave, erin, frank]) {
      const response = await download("bills", user.headers);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    }
    await idle();
  });

  it("a client that leaves while waiting for a turn leaves the queue", async () => {
    const [first, second] = await Promise.all([hold(carol), hold(dave)]);
    const request = http.get({ socketPath, path: exportPath("bills"), headers: viaProxy(erin) });
    request.on("error", () => {});
    await vi.waitFor(() => expect(s.exports.pool.state).toEqual({ running: 2, waiting: 1 }), { timeout: 10_000 });
    request.destroy();
    await vi.waitFor(() => expect(s.exports.pool.state).toEqual({ running: 2, waiting: 0 }), { timeout: 10_000 });
    // Her lease is back too.
    await vi.waitFor(() => expect(s.exports.openStatements).toBe(2), { timeout: 10_000 });
    abort(first);
    abort(second);
    await idle();
    expect((await download("bills", erin.headers)).headers["content-type"]).toBe("text/csv; charset=utf-8");
  });
});
