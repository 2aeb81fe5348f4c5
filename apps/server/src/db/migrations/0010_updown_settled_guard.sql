-- A settled up/down order is final: no UPDATE of a settled row and no DELETE or TRUNCATE of any order, whoever
-- asks. Settlement itself is the only UPDATE, and it only ever touches rows whose settled_at is still null.
CREATE FUNCTION updown_orders_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.settled_at IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'up/down orders are final once settled: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER updown_orders_final BEFORE UPDATE OR DELETE ON updown_orders FOR EACH ROW EXECUTE FUNCTION updown_orders_final();
--> statement-breakpoint
CREATE TRIGGER updown_orders_no_truncate BEFORE TRUNCATE ON updown_orders FOR EACH STATEMENT EXECUTE FUNCTION updown_orders_final();
