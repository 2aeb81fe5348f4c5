import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type CallDef, type CallName, calls, LOCALES } from "@cryptos/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ledgerAccounts, operatorSessions, postings, sessions } from "../src/db/schema";
import { bodyLimitOf, MAX_JSON_DEPTH } from "../src/http/json-body";
import { ManualClock } from "../src/lib/clock";
import { hashToken, newToken } from "../src/lib/secrets";
import { fundUser } from "./fixtures";
import { multipart, tinyPng, upload } from "./funds-fixtures";
import { startTestApp, type TestApp, testDbKind } from "./helper";
import { type SignedUpUser, signUp } from "./sign-up";

/**
 * Fuzzes every call of the contract with requests derived from its own zod schemas: valid ones, and invalid ones
 * (wrong types, missing fields, huge strings, negative and 40-digit amounts, unicode, arrays for objects, duplicate
 * keys, bad JSON, oversized bodies, wrong content types, body fields in the query and back). The contract's schema
 * (and its body rules: a body only where the call has a schema, each call's size limit, a nesting depth) is the
 * oracle: whatever it refuses, the server must refuse with `code: 0` and a message naming the field, without
 * moving any money; nothing may answer 5xx. FUZZ_SEED and FUZZ_REQUESTS replay or widen a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_302);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const BODY_LIMIT = 1024 * 1024;

let t: TestApp;
let dataDir: string;
let user: SignedUpUser;
let operatorHeaders: Record<string, string>;
let operatorId: number;
/** Signing out everywhere ends every session of its operator: its fresh sessions belong to an operator of their own. */
let loneOperatorId: number;
const clock = new ManualClock(new Date("2026-03-02T10:00:00Z"));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cryptos-fuzz-"));
  t = await startTestApp({ config: { dataDir }, clock });
  const token = await t.operatorToken();
  operatorHeaders = { authorization: `Bearer ${token}` };
  operatorId = (await t.app.services.admin.resolveSession(token))!.operatorId;
  loneOperatorId = (await t.app.services.admin.ensureOperator("lone-operator@test.local", "lone-operator-pass-1")).id;
  // A user with money, uploads and prices, so that valid requests get past the first checks and move money.
  user = await signUp(t);
  for (const currency of ["USDT", "BTC", "ETH"]) await fundUser(t.app.services.ledger, user.userId, "1000", currency);
  for (const size of [4, 5, 6]) await upload(t, user, { data: tinyPng({ size }) });
  const pairs = await t.app.services.market.listPairs(1);
  const prices: Record<string, string> = { BTC: "60000", ETH: "3000" };
  await t.app.services.market.recordQuotes(
    pairs.map((p) => ({ pairId: p.id, price: prices[p.base] ?? "1.5" })),
    clock.now(),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// Schema-driven generation -----------------------------------------------------------------------------------------

/** The parts of zod's internal definition the generator reads. */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  options?: Schema[];
  in?: Schema;
  out?: Schema;
  innerType?: Schema;
  element?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: { _zod: { def: CheckDef } }[];
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
}
type Schema = z.ZodType & { _zod: { def: Def } };

const defOf = (schema: z.ZodType) => (schema as Schema)._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** Plausible values by field name, so that valid requests reach the domain rules and not only the schema. */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.constantFrom("fuzz@example.com", "ops@test.local", "Someone.Else+tag@Example.org"),
  username: fc.constantFrom("fuzz@example.com", "nobody@example.com", "0x000000000000000000000000000000000000dEaD"),
  password: fc.constantFrom("fuzz-password-1", "operator-test-password-1", "short1"),
  amount: fc.constantFrom("1", "10", "10.5", "0.001", "250", "99999999"),
  money: fc.constantFrom("1", "10", "100", "1000.5"),
  min_amount: fc.constantFrom("1", "10"),
  max_amount: fc.constantFrom("100", "5000"),
  quota: fc.constantFrom("100000"),
  per_user_limit: fc.constantFrom("1000"),
  fee: fc.constantFrom("0", "1", "0.5"),
  currency: fc.constantFrom("USDT", "BTC", "ETH", "DOGE"),
  from: fc.constantFrom("USDT", "BTC", "ETH"),
  to: fc.constantFrom("USDT", "BTC", "ETH"),
  address: fc.constantFrom(
    "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    "0x000000000000000000000000000000000000dead",
    "1BitcoinEaterAddressDontSendf59kuE",
  ),
  name: fc.constantFrom("Alice Example", "李雷", "Jean-Luc O'Brien"),
  doc_number: fc.constantFrom("E12345678", "11010519491231002X", "D12345678901"),
  seconds: fc.constantFrom(30, 60, 120, 300, "30"),
  productid: fc.integer({ min: 1, max: 12 }),
  productids: fc.constantFrom("1", "1,2,3", "12,1,7", "99999,4"),
  daily_rate: fc.constantFrom("0.0005", "0.01"),
  payout_rate: fc.constantFrom("0.8", "0.85"),
  hosts: fc.constant(["docs.example.com"]),
};

function regexArbitrary(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

/** Values the schema is meant to accept (refinements aside: the oracle below decides). */
function validOf(schema: z.ZodType, key?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const derived = derivedValid(def);
  const hint = key ? HINTS[key] : undefined;
  return hint ? fc.oneof({ arbitrary: hint, weight: 2 }, { arbitrary: derived, weight: 1 }) : derived;
}

function derivedValid(def: Def): fc.Arbitrary<unknown> {
  const checks = checksOf(def);
  const check = (name: string) => checks.find((c) => c.check === name);
  switch (def.type) {
    case "object": {
      const shape = def.shape ?? {};
      const required = Object.keys(shape).filter((k) => !["optional", "default"].includes(defOf(shape[k]!).type));
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(shape)) record[k] = validOf(v, k);
      return fc.record(record, { requiredKeys: required });
    }
    case "string": {
      const min = check("min_length")?.minimum ?? 0;
      const max = Math.min(check("max_length")?.maximum ?? 40, 40);
      const regex = checks.find((c) => c.format === "regex")?.pattern;
      return regex ? regexArbitrary(regex) : fc.string({ minLength: min, maxLength: Math.max(min, max) });
    }
    case "number": {
      const low = check("greater_than")?.value ?? -1000;
      const high = check("less_than")?.value ?? 1000;
      return fc.oneof(fc.integer({ min: low, max: Math.min(high, low + 20) }), fc.integer({ min: low, max: high }));
    }
    case "pipe": {
      // intLike: a number or a digit string, constrained by the number it pipes into.
      if (def.out && defOf(def.out).type === "number") {
        return derivedValid(defOf(def.out)).chain((n) => fc.constantFrom(n, String(n)));
      }
      return derivedValid(defOf(def.in!));
    }
    case "union":
      return fc.oneof(...def.options!.map((o) => derivedValid(defOf(o))));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries!));
    case "literal":
      return fc.constantFrom(...def.values!);
    case "optional":
    case "default":
      return fc.option(derivedValid(defOf(def.innerType!)), { nil: undefined });
    case "nullable":
      return fc.option(derivedValid(defOf(def.innerType!)), { nil: null });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(derivedValid(defOf(def.element!)), {
        minLength: check("min_length")?.minimum ?? 0,
        maxLength: Math.min(check("max_length")?.maximum ?? 4, 4),
      });
    case "record":
      return fc.dictionary(
        fc.oneof(
          fc.constantFrom("en", "de", "zh-Hans", "fr"),
          derivedValid(defOf(def.keyType!)) as fc.Arbitrary<string>,
        ),
        derivedValid(defOf(def.valueType!)),
        { minKeys: 1, maxKeys: 3 },
      );
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

// Hostile values ---------------------------------------------------------------------------------------------------

const FORTY_DIGITS = "1234567890123456789012345678901234567890";
const hostileString = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "-1",
      "-0.01",
      "-100",
      "0",
      "0.0",
      "00",
      "01",
      "0.000000000000000000001",
      FORTY_DIGITS,
      `${FORTY_DIGITS}.5`,
      `-${FORTY_DIGITS}`,
      `0.${FORTY_DIGITS}`,
      "99999999999999999999.99",
      "1e400",
      "1e-7",
      "NaN",
      "Infinity",
      "-Infinity",
      "0x10",
      "1_000",
      "1,5",
      "１２３",
      "١٢٣",
      " 10 ",
      "10\n",
      "+5",
      "\u0000",
      "a\u0000b",
      "\u202eRTL override\u202c",
      "שלום עולם",
      "مرحبا بالعالم",
      "🚀💰🔥",
      "👨‍👩‍👧‍👦",
      "Z̴̡̛a̷l̶g̵o̸",
      "\ud800",
      "x\udfffy",
      "\ufeffBOM",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "%00",
      "../../etc/passwd",
      "$" + "{jndi:ldap://x/a}",
      "__proto__",
      "constructor",
      "null",
      "undefined",
      "true",
      "[]",
      "{}",
      "\\",
      '"',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "9", "🚀", "\u202e", "é", " "), fc.integer({ min: 300, max: 120_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, -2_147_483_648, 2_147_483_647, 2_147_483_648, 2 ** 53, -(2 ** 53), 1e21, 1e308),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [[]], { $gt: "" }, { toString: "x" }) },
);
/** Numbers as raw JSON text: what JSON.stringify can never produce. */
const RAW_NUMBERS = ["1e400", "-1e400", FORTY_DIGITS, `-${FORTY_DIGITS}`, "1.0", "-0", "0.1e1", "1E2"];

// Requests ---------------------------------------------------------------------------------------------------------

type Query = Record<string, string | string[]>;
interface FuzzRequest {
  /** JSON text, or raw bytes for multipart. */
  payload?: string | Buffer;
  contentType?: string;
  query?: Query;
  /** Sent as is (malformed escapes included); the oracle does not judge it. */
  rawQuery?: string;
  lang: string;
  what: string;
}

const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "Application/JSON"];
const OTHER_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/octet-stream",
];

/** One change to a valid object: a field removed, replaced by something hostile, or an unknown one added. */
function mutated(valid: fc.Arbitrary<unknown>, keys: string[]): fc.Arbitrary<{ value: unknown; what: string }> {
  const one = (what: string, value: fc.Arbitrary<unknown>) => value.map((v) => ({ value: v, what }));
  const options: fc.Arbitrary<{ value: unknown; what: string }>[] = [
    one("valid", valid),
    one(
      "unknown field",
      fc.tuple(valid, fc.string({ maxLength: 12 }), hostileValue).map(([v, k, x]) => ({ ...(v as object), [k]: x })),
    ),
    one(
      "array for the object",
      valid.map((v) => [v]),
    ),
    one("scalar for the object", hostileValue),
  ];
  if (keys.length) {
    options.push(
      one(
        "field removed",
        fc.tuple(valid, fc.constantFrom(...keys)).map(([v, k]) => {
          const copy = { ...(v as Record<string, unknown>) };
          delete copy[k];
          return copy;
        }),
      ),
      one(
        "field replaced",
        fc.tuple(valid, fc.constantFrom(...keys), hostileValue).map(([v, k, x]) => ({ ...(v as object), [k]: x })),
      ),
      one(
        "field replaced",
        fc.tuple(valid, fc.constantFrom(...keys), hostileValue).map(([v, k, x]) => ({ ...(v as object), [k]: x })),
      ),
      one(
        "field wrapped in an array",
        fc.tuple(valid, fc.constantFrom(...keys)).map(([v, k]) => {
          const o = v as Record<string, unknown>;
          return { ...o, [k]: [o[k]] };
        }),
      ),
    );
  }
  return fc.oneof(...options);
}

/** Body text that is not what JSON.stringify writes: raw numbers, duplicate keys, broken or oversized JSON. */
function rawBody(valid: fc.Arbitrary<unknown>, keys: string[]): fc.Arbitrary<{ text: string; what: string }> {
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant("id");
  const withValue = (v: unknown, k: string, raw: string) => {
    const text = JSON.stringify({ ...(v as object), [k]: "@@RAW@@" });
    return text.replace('"@@RAW@@"', raw);
  };
  return fc.oneof(
    fc.tuple(valid, key, fc.constantFrom(...RAW_NUMBERS)).map(([v, k, n]) => ({
      text: withValue(v, k, n),
      what: `raw number ${n}`,
    })),
    fc.tuple(valid, key, hostileValue).map(([v, k, x]) => ({
      // Duplicate keys: JSON.parse keeps the last one, and so must the server's reading of it.
      text: withValue(
        v,
        k,
        `${JSON.stringify(x) ?? "null"}, "${k}": ${JSON.stringify((v as Record<string, unknown>)[k]) ?? "1"}`,
      ),
      what: "duplicate key",
    })),
    fc.tuple(valid, fc.nat()).map(([v, cut]) => {
      const text = JSON.stringify(v);
      return { text: text.slice(0, cut % Math.max(1, text.length)), what: "truncated JSON" };
    }),
    fc
      .constantFrom(
        '{"a":1,}',
        "{'a':1}",
        "[1,2",
        "{}{}",
        "nul",
        "\u0000",
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
        "   ",
        "null",
        "0",
        '""',
        "[]",
        "\ufeff{}",
        '{"a":"\\ud800"}',
        "[".repeat(5000) + "]".repeat(5000),
        `{"a":${"[".repeat(100)}${"]".repeat(100)}}`,
      )
      .map((text) => ({ text, what: "junk JSON" })),
    fc
      .tuple(valid, key)
      .map(([v, k]) => ({ text: withValue(v, k, `"${"x".repeat(BODY_LIMIT)}"`), what: "oversized body" })),
  );
}

const queryString = (query: Query) =>
  Object.entries(query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`))
    .join("&");

const canEncode = (query: Query) => {
  try {
    queryString(query);
    return true;
  } catch {
    return false;
  }
};

const asQueryValue = (v: unknown): string => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

function queryArbitrary(call: CallDef): fc.Arbitrary<{ query: Query; what: string }> {
  const keys = Object.keys(call.query?.shape ?? {});
  const valid = call.query
    ? (validOf(call.query) as fc.Arbitrary<Record<string, unknown>>).map((v) => {
        const q: Query = {};
        for (const [k, x] of Object.entries(v)) if (x !== undefined) q[k] = asQueryValue(x);
        return q;
      })
    : fc.constant({} as Query);
  const extraKey = fc.oneof(
    fc.constantFrom(...(keys.length ? keys : ["page"]), "__proto__", "a[b]", ""),
    fc.string({ maxLength: 8 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((query) => ({ query, what: "query" })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, extraKey, hostileString)
        .map(([q, k, x]) => ({ query: { ...q, [k]: x }, what: "query field replaced" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, extraKey, fc.array(fc.constantFrom("1", "2", "x"), { minLength: 2, maxLength: 3 }))
        .map(([q, k, xs]) => ({ query: { ...q, [k]: xs }, what: "repeated query key" })),
    },
    ...(keys.length
      ? [
          {
            weight: 1,
            arbitrary: fc.tuple(valid, fc.constantFrom(...keys)).map(([q, k]) => {
              const copy = { ...q };
              delete copy[k];
              return { query: copy, what: "query field removed" };
            }),
          },
        ]
      : []),
  );
}

const langArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.constant("en") },
  { weight: 3, arbitrary: fc.constantFrom(...LOCALES) },
  { weight: 1, arbitrary: fc.constantFrom("xx", "", "en-US,en;q=0.9", "zh-CN", "*", "a".repeat(300)) },
);

/** Multipart bodies for the upload call: one good PNG, and everything an upload must refuse. */
const uploadArbitrary: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom("good png", "not an image", "wrong field", "two files", "empty file", "bad name", "no parts"),
    langArbitrary,
  )
  .map(([what, lang]) => {
    const png = tinyPng();
    const parts =
      what === "good png"
        ? [{ data: png }]
        : what === "not an image"
          ? [{ data: Buffer.from("GIF89a not really"), filename: "x.gif", contentType: "image/gif" }]
          : what === "wrong field"
            ? [{ data: png, field: "image" }]
            : what === "two files"
              ? [{ data: png }, { data: png }]
              : what === "empty file"
                ? [{ data: Buffer.alloc(0) }]
                : what === "bad name"
                  ? [{ data: png, filename: "../../etc/passwd" }]
                  : [];
    const body = multipart(parts);
    return { payload: body.payload, contentType: body.headers["content-type"], lang, what: `multipart ${what}` };
  });

function requestArbitrary(call: CallDef): fc.Arbitrary<FuzzRequest> {
  const bodyKeys = Object.keys(call.body?.shape ?? {});
  const validBody = call.body ? validOf(call.body) : fc.constant({});
  const queryKeys = Object.keys(call.query?.shape ?? {});
  const json = fc.oneof(
    {
      weight: 8,
      arbitrary: mutated(validBody, bodyKeys).map(({ value, what }) => ({ text: JSON.stringify(value) ?? "", what })),
    },
    { weight: 2, arbitrary: rawBody(validBody, bodyKeys) },
  );
  const body = fc.oneof(
    { weight: 12, arbitrary: fc.tuple(json, fc.constantFrom(...JSON_TYPES)) },
    { weight: 1, arbitrary: fc.tuple(json, fc.constantFrom(...OTHER_TYPES)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant({ text: "", what: "empty body" }), fc.constantFrom(...JSON_TYPES)) },
  );
  const plain = fc.tuple(body, queryArbitrary(call), langArbitrary).map(
    ([[b, contentType], q, lang]): FuzzRequest => ({
      payload: b.text,
      contentType,
      query: q.query,
      lang,
      what: `${b.what}; ${q.what}`,
    }),
  );
  // Query vs body: the body's fields sent in the query string, the query's in the body.
  const swapped = fc.tuple(validBody, queryArbitrary(call), langArbitrary).map(([b, q, lang]): FuzzRequest => {
    const query: Query = {};
    for (const [k, v] of Object.entries((b ?? {}) as Record<string, unknown>))
      if (v !== undefined) query[k] = asQueryValue(v);
    return {
      payload: JSON.stringify(Object.fromEntries(queryKeys.filter((k) => k in q.query).map((k) => [k, q.query[k]]))),
      contentType: "application/json",
      query,
      lang,
      what: "query and body swapped",
    };
  });
  const rawQuery = fc
    .tuple(
      fc.constantFrom("%", "%zz", "%E0%A4%A", "a=%ff%fe", "page=1&page", "=&=&", "list=1e3", "id=%00", "&&&"),
      langArbitrary,
    )
    .map(
      ([raw, lang]): FuzzRequest => ({
        payload: "{}",
        contentType: "application/json",
        rawQuery: raw,
        lang,
        what: `raw query ${raw}`,
      }),
    );
  const options = [
    { weight: 14, arbitrary: plain },
    { weight: 2, arbitrary: swapped },
    { weight: 1, arbitrary: rawQuery },
  ];
  if (call.multipart) options.push({ weight: 6, arbitrary: uploadArbitrary });
  return fc.oneof(...options).filter((r) => !r.query || canEncode(r.query));
}

// The oracle -------------------------------------------------------------------------------------------------------

interface Expected {
  verdict: "valid" | "invalid" | "unknown";
  /** What the message must name, when the contract's schema names it. */
  field?: string;
  why: string;
}

const hasPrototypeKey = (text: string) => /"__proto__"\s*:|"constructor"\s*:\s*\{[^}]*"prototype"/.test(text);

/** How deep a parsed JSON value's arrays and objects nest (`{}` is 1). */
const depthOf = (value: unknown): number =>
  value !== null && typeof value === "object"
    ? 1 + Math.max(0, ...Object.values(value as Record<string, unknown>).map(depthOf))
    : 0;

function parseBody(call: CallDef, request: FuzzRequest): { body?: unknown; expected?: Expected } {
  const text = typeof request.payload === "string" ? request.payload : "";
  // Issue 20: each call reads at most its own limit (multipart files are limited by the multipart parser).
  if (Buffer.byteLength(request.payload ?? "") > (call.multipart ? BODY_LIMIT : bodyLimitOf(call)))
    return { expected: { verdict: "invalid", why: "too large" } };
  const type = (request.contentType ?? "").toLowerCase();
  if (call.multipart) {
    if (request.what === "multipart good png") return { expected: { verdict: "valid", why: "one png" } };
    return { expected: { verdict: "invalid", why: "not one image under `file`" } };
  }
  const trimmed = text.trim();
  const emptyObject = trimmed === "" || trimmed === "null" || /^\{\s*\}$/.test(trimmed);
  if (!call.body && text !== "" && !(type.startsWith("application/json") && emptyObject))
    return { expected: { verdict: "invalid", why: "a body on a call that takes none" } };
  if (!type.startsWith("application/json")) {
    if (text === "") return { expected: { verdict: "unknown", why: "empty body, other type" } };
    if (type.startsWith("text/plain")) {
      return {
        expected: call.body
          ? { verdict: "invalid", field: "body", why: "text for a JSON body" }
          : { verdict: "unknown", why: "text" },
      };
    }
    return { expected: { verdict: "invalid", why: `unsupported ${type}` } };
  }
  if (text.trim() === "") return { body: {} };
  if (hasPrototypeKey(text)) return { expected: { verdict: "invalid", why: "prototype key" } };
  try {
    // Like the server's parser (secure-json-parse), a leading byte-order mark is skipped.
    const parsed: unknown = JSON.parse(text.replace(/^\ufeff/, ""));
    if (depthOf(parsed) > MAX_JSON_DEPTH) return { expected: { verdict: "invalid", why: "nested too deep" } };
    return { body: parsed === null ? {} : parsed };
  } catch {
    return { expected: { verdict: "invalid", why: "bad JSON" } };
  }
}

function fieldOf(issue: z.core.$ZodIssue, part: "body" | "query"): string {
  const first = issue.path.find((p) => String(p) !== "");
  return first === undefined ? part : String(first);
}

function expectationOf(call: CallDef, request: FuzzRequest): Expected {
  let body: unknown = {};
  if (call.method === "POST") {
    const parsed = parseBody(call, request);
    if (parsed.expected) return parsed.expected;
    body = parsed.body;
  }
  if (call.body) {
    const result = call.body.safeParse(body);
    if (!result.success)
      return { verdict: "invalid", field: fieldOf(result.error.issues[0]!, "body"), why: "body schema" };
  }
  if (request.rawQuery !== undefined) return { verdict: "unknown", why: "raw query" };
  if (call.query) {
    const result = call.query.safeParse(request.query ?? {});
    if (!result.success)
      return { verdict: "invalid", field: fieldOf(result.error.issues[0]!, "query"), why: "query schema" };
  }
  return { verdict: "valid", why: "schemas accept it" };
}

// Running ----------------------------------------------------------------------------------------------------------

async function ledgerSnapshot(): Promise<string> {
  const rows = await t.database.db
    .select({
      id: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      lastPosting: sql<string>`(select coalesce(max(${postings.id}), 0) from ${postings})`,
    })
    .from(ledgerAccounts)
    .orderBy(ledgerAccounts.id);
  return `${rows[0]?.lastPosting}|${rows.map((b) => `${b.id}:${b.balance}`).join(",")}`;
}

/** Logging out ends the session it is sent with: every logout gets a session of its own. */
async function freshHeaders(name: CallName): Promise<Record<string, string>> {
  if (name === "logout") {
    const token = newToken();
    const now = clock.now();
    await t.database.db.insert(sessions).values({
      userId: user.userId,
      tokenHash: hashToken(token),
      loginType: 1,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    return { authorization: `Bearer ${token}` };
  }
  if (name === "adminLogout" || name === "adminSignOutEverywhere") {
    const token = newToken("op_");
    const now = clock.now();
    await t.database.db.insert(operatorSessions).values({
      operatorId: name === "adminLogout" ? operatorId : loneOperatorId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    return { authorization: `Bearer ${token}` };
  }
  return calls[name].auth === "operator" ? operatorHeaders : user.headers;
}

const stats = { requests: 0, fiveXX: 0, valid: 0, invalid: 0, unknown: 0, accepted: 0 };

async function sendAndCheck(name: CallName, call: CallDef, request: FuzzRequest, before: { snapshot?: string }) {
  const expected = expectationOf(call, request);
  const headers: Record<string, string> = { ...(await freshHeaders(name)), lang: request.lang };
  if (request.contentType !== undefined) headers["content-type"] = request.contentType;
  const query = request.rawQuery ?? (request.query ? queryString(request.query) : "");
  const options: InjectOptions = { method: call.method, url: query ? `${call.path}?${query}` : call.path, headers };
  if (call.method === "POST" && request.payload !== undefined) options.payload = request.payload;
  if (expected.verdict === "invalid" && before.snapshot === undefined) before.snapshot = await ledgerSnapshot();

  const res = await t.app.inject(options);
  stats.requests++;
  stats[expected.verdict]++;
  if (res.statusCode >= 500) stats.fiveXX++;
  const where = `${name} ${request.what} (${expected.why}): ${String(request.payload).slice(0, 300)} ?${query.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  const body = res.json() as { code: unknown; msg: unknown; data?: unknown };
  expect(typeof body.msg, where).toBe("string");
  expect((body.msg as string).length, where).toBeGreaterThan(0);
  expect(res.body, where).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\/src\//);

  if (expected.verdict === "invalid") {
    expect(body.code, where).toBe(0);
    expect(body.data, where).toBeUndefined();
    if (expected.field) expect(body.msg, where).toContain(expected.field);
    const after = await ledgerSnapshot();
    expect(after, `${where}: an invalid request moved money`).toBe(before.snapshot);
  } else {
    expect([0, 1], where).toContain(body.code);
    if (expected.verdict === "valid" && body.code === 1) {
      stats.accepted++;
      expect(call.data.safeParse(body.data).success, where).toBe(true);
    }
    // Valid requests may move money; the next invalid one takes a fresh snapshot.
    before.snapshot = undefined;
  }
}

describe("API fuzzing", () => {
  it(`answers ${REQUESTS} generated requests over every call without a 5xx, refusing what the contract refuses`, async () => {
    const entries = Object.entries(calls) as [CallName, CallDef][];
    // Each call gets a share by how much input it takes: a call without input has little to get wrong.
    const weight = (call: CallDef) =>
      2 +
      Object.keys(call.body?.shape ?? {}).length +
      Object.keys(call.query?.shape ?? {}).length +
      (call.multipart ? 4 : 0);
    const unit = REQUESTS / entries.reduce((sum, [, call]) => sum + weight(call), 0);
    const runsOf = (call: CallDef) => Math.ceil(unit * weight(call));
    console.log(`fuzz: seed ${SEED}, ${REQUESTS} requests over ${entries.length} calls (${testDbKind()})`);
    const before: { snapshot?: string } = {};
    for (const [index, [name, call]] of entries.entries()) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(call), (request) => sendAndCheck(name, call, request, before)),
        { seed: SEED + index, numRuns: runsOf(call) },
      );
    }
    const health = await t.call(calls.health.path, { method: "GET" });
    expect(health.body.code).toBe(1);
    console.log(
      `fuzz: ${stats.requests} requests, ${stats.fiveXX} 5xx (seed ${SEED}, ${testDbKind()}; ` +
        `${stats.invalid} invalid, ${stats.valid} valid of which ${stats.accepted} accepted, ${stats.unknown} unjudged)`,
    );
    expect(stats.fiveXX).toBe(0);
    expect(stats.requests).toBeGreaterThanOrEqual(REQUESTS);
    // 117 calls take about 180 s on two busy cores (the password calls hash for real): a bound, not a timing.
  }, 600_000);
});
