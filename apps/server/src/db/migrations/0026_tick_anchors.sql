CREATE TABLE "chain_anchors" (
	"id" serial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"chain_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"root" text NOT NULL,
	"heads" jsonb NOT NULL,
	"from_address" text NOT NULL,
	"nonce" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"raw" text NOT NULL,
	"state" text NOT NULL,
	"broadcast_at" timestamp with time zone,
	"block" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_anchors_tx_hash" ON "chain_anchors" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "chain_anchors_network_state" ON "chain_anchors" USING btree ("network","state","id");