CREATE SEQUENCE "public"."chain_network_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "chain_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"source" text NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
