CREATE TABLE "candles_1m" (
	"pair_id" integer NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"o" numeric(38, 18) NOT NULL,
	"h" numeric(38, 18) NOT NULL,
	"l" numeric(38, 18) NOT NULL,
	"c" numeric(38, 18) NOT NULL,
	"v" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "candles_1m_pair_id_t_pk" PRIMARY KEY("pair_id","t")
);
--> statement-breakpoint
CREATE TABLE "pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"product_type" integer DEFAULT 1 NOT NULL,
	"price_decimals" integer NOT NULL,
	"qty_decimals" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"source_symbol" text,
	"sim_price" numeric(38, 18) NOT NULL,
	"sim_volatility" numeric(8, 4) NOT NULL,
	CONSTRAINT "pairs_symbol_unique" UNIQUE("symbol")
);
--> statement-breakpoint
CREATE TABLE "ticks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pair_id" integer NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candles_1m" ADD CONSTRAINT "candles_1m_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticks" ADD CONSTRAINT "ticks_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candles_1m_t" ON "candles_1m" USING btree ("t");--> statement-breakpoint
CREATE INDEX "ticks_pair_at" ON "ticks" USING btree ("pair_id","at");