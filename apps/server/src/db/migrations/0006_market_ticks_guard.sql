-- Ticks decide up/down outcomes, so they are append-only: no UPDATE ever, no TRUNCATE, and a DELETE only from the
-- retention job, which sets cryptos.tick_retention = 'on' for its own transaction (SET LOCAL) and keeps every
-- tick an order references.
CREATE FUNCTION ticks_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('cryptos.tick_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ticks are append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ticks_append_only BEFORE UPDATE OR DELETE ON ticks FOR EACH ROW EXECUTE FUNCTION ticks_append_only();
--> statement-breakpoint
CREATE TRIGGER ticks_no_truncate BEFORE TRUNCATE ON ticks FOR EACH STATEMENT EXECUTE FUNCTION ticks_append_only();
