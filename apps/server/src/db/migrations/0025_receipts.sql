CREATE TABLE "receipt_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"first_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "updown_orders" ADD COLUMN "after_tick_id" bigint;--> statement-breakpoint
ALTER TABLE "updown_orders" ADD COLUMN "receipt_payload" text;--> statement-breakpoint
ALTER TABLE "updown_orders" ADD COLUMN "receipt_signature" text;--> statement-breakpoint
ALTER TABLE "updown_orders" ADD COLUMN "settlement_payload" text;--> statement-breakpoint
ALTER TABLE "updown_orders" ADD COLUMN "settlement_signature" text;--> statement-breakpoint
-- A published receipt key is kept for good: receipts users kept name it (decision 145).
CREATE FUNCTION receipt_keys_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'receipt keys stay published: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER receipt_keys_final BEFORE UPDATE OR DELETE ON receipt_keys FOR EACH ROW EXECUTE FUNCTION receipt_keys_final();
--> statement-breakpoint
CREATE TRIGGER receipt_keys_no_truncate BEFORE TRUNCATE ON receipt_keys FOR EACH STATEMENT EXECUTE FUNCTION receipt_keys_final();
