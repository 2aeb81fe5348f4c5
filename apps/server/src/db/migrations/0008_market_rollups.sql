CREATE TABLE "candles" (
	"pair_id" integer NOT NULL,
	"interval" text NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"o" numeric(38, 18) NOT NULL,
	"h" numeric(38, 18) NOT NULL,
	"l" numeric(38, 18) NOT NULL,
	"c" numeric(38, 18) NOT NULL,
	"v" numeric(38, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "candles_pair_id_interval_t_pk" PRIMARY KEY("pair_id","interval","t")
);
--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;