/**
 * A database's tables read as one snapshot and written into another, whichever engine is on either side (decisions
 * 111 and 112). Rows travel as PostgreSQL's own `to_jsonb` text and go back in through `jsonb_populate_recordset`,
 * so NUMERIC, timestamps and bytea keep every digit: JavaScript never parses them.
 */

/** What both PGlite (and its transactions) and node-postgres clients answer. */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export type DumpRecord =
  | { kind: "table"; name: string }
  | { kind: "rows"; table: string; rows: string[] }
  | { kind: "sequence"; name: string; value: string | null };

const PAGE = 2_000;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function publicTables(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  return rows.map((r) => r.name);
}

/** Migrations applied (drizzle's table); a logical backup restores only into a database at the same count. */
export async function migrationCount(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: string }>("select count(*)::text as n from drizzle.__drizzle_migrations");
  return Number(rows[0]?.n ?? 0);
}

/** Tables holding at least one row: a restore or a migration only writes into a database where this is empty. */
export async function nonEmptyTables(q: Queryable): Promise<string[]> {
  const full: string[] = [];
  for (const table of await publicTables(q)) {
    const { rows } = await q.query<{ any: boolean }>(`select exists (select 1 from public.${ident(table)}) as any`);
    if (rows[0]?.any) full.push(table);
  }
  return full;
}

/** Every table's rows, then every sequence's value; `q` must be inside one snapshot (REPEATABLE READ) throughout. */
export async function* readTables(q: Queryable): AsyncGenerator<DumpRecord> {
  for (const table of await publicTables(q)) {
    yield { kind: "table", name: table };
    let after = "(0,0)";
    for (;;) {
      const { rows } = await q.query<{ c: string; j: string }>(
        `select ctid::text as c, to_jsonb(backup_row)::text as j from public.${ident(table)} backup_row where ctid > $1::tid order by ctid limit ${PAGE}`,
        [after],
      );
      if (!rows.length) break;
      yield { kind: "rows", table, rows: rows.map((r) => r.j) };
      after = rows.at(-1)!.c;
      if (rows.length < PAGE) break;
    }
  }
  const { rows } = await q.query<{ name: string; value: string | null }>(
    "select format('%I.%I', schemaname, sequencename) as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1",
  );
  for (const row of rows) yield { kind: "sequence", name: row.name, value: row.value };
}

/**
 * Writes `records` into `q`'s empty, migrated database, inside the caller's transaction: foreign keys are dropped and
 * added back at the end (which checks every row against them), row triggers are off meanwhile (the tick chain's
 * insert trigger would re-hash ticks that already carry their hashes), and sequences are set to the source's values.
 */
export async function writeTables(q: Queryable, records: AsyncIterable<DumpRecord>): Promise<void> {
  const tables = await publicTables(q);
  const { rows: keys } = await q.query<{ tbl: string; name: string; def: string }>(
    "select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1, 2",
  );
  for (const key of keys) await q.query(`alter table ${key.tbl} drop constraint ${ident(key.name)}`);
  for (const table of tables) await q.query(`alter table public.${ident(table)} disable trigger user`);
  const known = new Set(tables);
  for await (const record of records) {
    if (record.kind === "table" && !known.has(record.name)) {
      throw new Error(`the source has a table this version does not know: ${record.name}`);
    }
    if (record.kind === "rows") {
      await q.query(
        `insert into public.${ident(record.table)} select * from jsonb_populate_recordset(null::public.${ident(record.table)}, $1::jsonb)`,
        [`[${record.rows.join(",")}]`],
      );
    }
    if (record.kind === "sequence") {
      if (record.value === null) await q.query("select setval($1::regclass, 1, false)", [record.name]);
      else await q.query("select setval($1::regclass, $2::bigint, true)", [record.name, record.value]);
    }
  }
  for (const table of tables) await q.query(`alter table public.${ident(table)} enable trigger user`);
  for (const key of keys) await q.query(`alter table ${key.tbl} add constraint ${ident(key.name)} ${key.def}`);
}

/** What a backup or a migration must carry over unchanged: compared between both sides and printed. */
export interface Summary {
  /** Rows per table. */
  tables: Record<string, number>;
  /** Sum of all postings per currency (each is 0 in a healthy ledger). */
  postings: Record<string, string>;
  /** Each pair's tick-chain head as `tick id:hash`. */
  heads: Record<string, string>;
  /** User accounts whose stored balance is not the sum of their postings (0 in a healthy ledger). */
  balancesOff: number;
}

/** Each sequence's last value (null: never used); a migration carries them over exactly. */
export async function sequenceValues(q: Queryable): Promise<Record<string, string>> {
  const { rows } = await q.query<{ name: string; value: string | null }>(
    "select sequencename as name, coalesce(last_value::text, '(unused)') as value from pg_sequences where schemaname = 'public' order by 1",
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value ?? "(unused)"]));
}

export async function summarize(q: Queryable): Promise<Summary> {
  const tables: Record<string, number> = {};
  for (const table of await publicTables(q)) {
    const { rows } = await q.query<{ n: string }>(`select count(*)::text as n from public.${ident(table)}`);
    tables[table] = Number(rows[0]!.n);
  }
  const sums = await q.query<{ currency: string; total: string }>(
    "select a.currency, sum(p.amount)::text as total from postings p join ledger_accounts a on a.id = p.account_id group by a.currency order by a.currency",
  );
  const heads = await q.query<{ pair: string; head: string }>(
    "select pair_id::text as pair, tick_id::text || ':' || hash as head from tick_heads order by pair_id",
  );
  const off = await q.query<{ n: string }>(
    `select count(*)::text as n from ledger_accounts a where a.user_id is not null
       and a.balance <> coalesce((select sum(p.amount) from postings p where p.account_id = a.id), 0)`,
  );
  return {
    tables,
    postings: Object.fromEntries(sums.rows.map((r) => [r.currency, normalise(r.total)])),
    heads: Object.fromEntries(heads.rows.map((r) => [r.pair, r.head])),
    balancesOff: Number(off.rows[0]!.n),
  };
}

/** `-0.000000000000000000` and `0.000000000000000000` print as `0`: the sums are compared as text. */
function normalise(value: string): string {
  const trimmed = value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
  return trimmed === "-0" ? "0" : trimmed;
}

export interface Comparison {
  what: string;
  source: string;
  target: string;
  ok: boolean;
}

/** One row per table, currency and pair, and the balance check; `ok` false wherever the two sides differ. */
export function compareSummaries(source: Summary, target: Summary): Comparison[] {
  const rows: Comparison[] = [];
  const side = (value: unknown) => (value === undefined ? "(none)" : String(value));
  const each = (label: string, a: Record<string, unknown>, b: Record<string, unknown>, absent?: unknown) => {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const [x, y] = [a[key] ?? absent, b[key] ?? absent];
      rows.push({ what: `${label} ${key}`, source: side(x), target: side(y), ok: x === y });
    }
  };
  // A table a later migration added is empty on the side without it.
  each("rows in", source.tables, target.tables, 0);
  each("sum of postings", source.postings, target.postings);
  each("tick-chain head of pair", source.heads, target.heads);
  rows.push({
    what: "balances that are not the sum of their postings",
    source: String(source.balancesOff),
    target: String(target.balancesOff),
    ok: target.balancesOff === 0 && source.balancesOff === target.balancesOff,
  });
  return rows;
}

export function formatComparison(rows: Comparison[]): string {
  const widths = [0, 1, 2].map((i) =>
    Math.max(...rows.map((r) => [r.what, r.source, r.target][i]!.length), ["", "backup", "restored"][i]!.length),
  );
  return rows
    .map((r) =>
      `${r.ok ? "ok      " : "MISMATCH"}  ${r.what.padEnd(widths[0]!)}  ${r.source.padEnd(widths[1]!)}  ${r.target}`.trimEnd(),
    )
    .join("\n");
}
