CREATE TABLE "tick_archives" (
	"pair_id" integer NOT NULL,
	"day" date NOT NULL,
	"ticks" integer NOT NULL,
	"first_tick_id" bigint,
	"last_tick_id" bigint,
	"last_hash" text NOT NULL,
	"sha256" text NOT NULL,
	"prev_chain" text NOT NULL,
	"chain" text NOT NULL,
	"gzip" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tick_archives_pair_id_day_pk" PRIMARY KEY("pair_id","day")
);
--> statement-breakpoint
CREATE TABLE "tick_heads" (
	"pair_id" integer PRIMARY KEY NOT NULL,
	"tick_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticks" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "ticks" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "tick_archives" ADD CONSTRAINT "tick_archives_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tick_heads" ADD CONSTRAINT "tick_heads_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The public tick log (modules/market/tick-log.ts). Each pair's ticks form a hash chain:
--   hash = sha256_hex(prev_hash || E'\n' || pair_id || E'\n' || id || E'\n' || price || E'\n' || at)
-- with price = trim_scale(price)::text (no trailing zeros, as the API prints decimals) and at = ISO-8601 UTC with
-- milliseconds (as JavaScript's toISOString). The first tick of a pair links to 64 zeros.
CREATE FUNCTION tick_at_text(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
CREATE FUNCTION tick_price_text(p numeric) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT trim_scale(p)::text
$$;
--> statement-breakpoint
CREATE FUNCTION tick_hash(prev text, pair integer, id bigint, price numeric, at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(convert_to(
    prev || E'\n' || pair::text || E'\n' || id::text || E'\n' || tick_price_text(price) || E'\n' || tick_at_text(at),
    'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Existing ticks: times to whole milliseconds (the precision the chain and the API print), then the chain in id
-- order per pair. The append-only guard is off for this one migration.
ALTER TABLE ticks DISABLE TRIGGER ticks_append_only;
--> statement-breakpoint
DO $$
DECLARE
  r record;
  prev text;
  cur integer;
BEGIN
  FOR r IN SELECT id, pair_id, price, date_trunc('milliseconds', at) AS at FROM ticks ORDER BY pair_id, id LOOP
    IF cur IS DISTINCT FROM r.pair_id THEN
      cur := r.pair_id;
      prev := repeat('0', 64);
    END IF;
    UPDATE ticks SET at = r.at, prev_hash = prev, hash = tick_hash(prev, r.pair_id, r.id, r.price, r.at)
     WHERE id = r.id RETURNING hash INTO prev;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE ticks ENABLE TRIGGER ticks_append_only;
--> statement-breakpoint
ALTER TABLE ticks ALTER COLUMN prev_hash SET NOT NULL;
--> statement-breakpoint
ALTER TABLE ticks ALTER COLUMN hash SET NOT NULL;
--> statement-breakpoint
INSERT INTO tick_heads (pair_id, tick_id, hash, at)
SELECT DISTINCT ON (pair_id) pair_id, id, hash, at FROM ticks ORDER BY pair_id, id DESC;
--> statement-breakpoint
-- Every new tick: lock its pair's head (two instances recording the same pair wait here), then take the next id
-- (so ids rise in chain order within a pair) and the hash linking it to the head. Times are kept to whole
-- milliseconds, the precision the chain prints. A tick dated in a day already archived is refused: the archive
-- would not hold it, yet retention would prune it with the day.
CREATE FUNCTION ticks_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head tick_heads%ROWTYPE;
BEGIN
  NEW.at := date_trunc('milliseconds', NEW.at);
  IF EXISTS (SELECT 1 FROM tick_archives a
              WHERE a.pair_id = NEW.pair_id AND a.day = (NEW.at AT TIME ZONE 'UTC')::date) THEN
    RAISE EXCEPTION 'the day of this tick (pair %, %) is archived: insert refused', NEW.pair_id, NEW.at;
  END IF;
  SELECT * INTO head FROM tick_heads WHERE pair_id = NEW.pair_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO tick_heads (pair_id, tick_id, hash, at)
    VALUES (NEW.pair_id, 0, repeat('0', 64), NEW.at) ON CONFLICT (pair_id) DO NOTHING;
    SELECT * INTO head FROM tick_heads WHERE pair_id = NEW.pair_id FOR UPDATE;
  END IF;
  NEW.id := nextval(pg_get_serial_sequence('ticks', 'id'));
  NEW.prev_hash := head.hash;
  NEW.hash := tick_hash(head.hash, NEW.pair_id, NEW.id, NEW.price, NEW.at);
  UPDATE tick_heads SET tick_id = NEW.id, hash = NEW.hash, at = NEW.at WHERE pair_id = NEW.pair_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ticks_chain BEFORE INSERT ON ticks FOR EACH ROW EXECUTE FUNCTION ticks_chain();
--> statement-breakpoint
-- Retention may delete a tick only once its pair's day is archived (tick_archives), so no tick leaves the log
-- without a chained archive that still proves it. Everything else stays refused as before.
CREATE OR REPLACE FUNCTION ticks_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('cryptos.tick_retention', true) = 'on' THEN
    IF EXISTS (SELECT 1 FROM tick_archives a
                WHERE a.pair_id = OLD.pair_id AND a.day = (OLD.at AT TIME ZONE 'UTC')::date) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'tick % of pair % is not archived: delete refused', OLD.id, OLD.pair_id;
  END IF;
  RAISE EXCEPTION 'ticks are append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
-- Archives are written once and never changed.
CREATE FUNCTION tick_archives_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tick archives are final: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tick_archives_final BEFORE UPDATE OR DELETE ON tick_archives FOR EACH ROW EXECUTE FUNCTION tick_archives_final();
--> statement-breakpoint
CREATE TRIGGER tick_archives_no_truncate BEFORE TRUNCATE ON tick_archives FOR EACH STATEMENT EXECUTE FUNCTION tick_archives_final();
