CREATE TABLE "chain_withdrawal_txs" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"hash" text NOT NULL,
	"raw" text NOT NULL,
	"kind" text DEFAULT 'transfer' NOT NULL,
	"max_fee_per_gas" numeric(38, 18) NOT NULL,
	"max_priority_fee_per_gas" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"broadcast_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_withdrawals" (
	"withdrawal_id" integer PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"chain_id" integer NOT NULL,
	"currency" text NOT NULL,
	"token" text,
	"units" numeric(38, 18) NOT NULL,
	"state" text NOT NULL,
	"hot_address" text,
	"nonce" bigint,
	"mined_hash" text,
	"mined_block" bigint,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_wallet_nonces" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "hot_wallet_nonces_network_address_pk" PRIMARY KEY("network","address")
);
--> statement-breakpoint
ALTER TABLE "chain_withdrawal_txs" ADD CONSTRAINT "chain_withdrawal_txs_withdrawal_id_chain_withdrawals_withdrawal_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."chain_withdrawals"("withdrawal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_withdrawals" ADD CONSTRAINT "chain_withdrawals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_withdrawal_txs_hash" ON "chain_withdrawal_txs" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "chain_withdrawal_txs_withdrawal" ON "chain_withdrawal_txs" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "chain_withdrawals_state" ON "chain_withdrawals" USING btree ("state","withdrawal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_withdrawals_nonce" ON "chain_withdrawals" USING btree ("network","hot_address","nonce");