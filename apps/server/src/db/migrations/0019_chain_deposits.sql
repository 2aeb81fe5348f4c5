CREATE SEQUENCE "public"."deposit_address_index" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"network" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	CONSTRAINT "chain_blocks_network_number_pk" PRIMARY KEY("network","number")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"block" bigint NOT NULL,
	"head" bigint,
	"passed_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"network" text NOT NULL,
	"currency" text NOT NULL,
	"token" text,
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"raw_amount" numeric(78, 0) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"remainder" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required" integer NOT NULL,
	"deposit_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network" text NOT NULL,
	"index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_identity" ON "chain_deposits" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_deposit" ON "chain_deposits" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "chain_deposits_open" ON "chain_deposits" USING btree ("network","status");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_user_network" ON "deposit_addresses" USING btree ("user_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_network_index" ON "deposit_addresses" USING btree ("network","index");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address" ON "deposit_addresses" USING btree ("address");