CREATE TABLE "updown_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"seconds" integer NOT NULL,
	"payout_rate" numeric(12, 8) NOT NULL,
	"accepted_at" timestamp (6) with time zone NOT NULL,
	"settle_at" timestamp (6) with time zone NOT NULL,
	"entry_tick_id" bigint,
	"entry_price" numeric(38, 18),
	"entry_at" timestamp (6) with time zone,
	"exit_tick_id" bigint,
	"exit_price" numeric(38, 18),
	"exit_at" timestamp (6) with time zone,
	"result" text,
	"payout" numeric(38, 18),
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "updown_settings" (
	"pair_id" integer PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"terms" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "updown_orders" ADD CONSTRAINT "updown_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "updown_orders_user" ON "updown_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "updown_orders_due" ON "updown_orders" USING btree ("settle_at") WHERE "updown_orders"."settled_at" is null;