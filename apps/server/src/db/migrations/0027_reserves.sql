CREATE TABLE "reserve_declared" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "reserve_leaves" (
	"snapshot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"nonce" text NOT NULL,
	CONSTRAINT "reserve_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reserve_nodes" (
	"snapshot_id" integer NOT NULL,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"sums" text NOT NULL,
	CONSTRAINT "reserve_nodes_snapshot_id_level_position_pk" PRIMARY KEY("snapshot_id","level","position")
);
--> statement-breakpoint
CREATE TABLE "reserve_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"taken_by" integer,
	"root_hash" text NOT NULL,
	"root_sums" text NOT NULL,
	"leaves" integer NOT NULL,
	"reserves" jsonb NOT NULL,
	"signatures" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reserve_leaves" ADD CONSTRAINT "reserve_leaves_snapshot_id_reserve_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserve_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserve_nodes" ADD CONSTRAINT "reserve_nodes_snapshot_id_reserve_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."reserve_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reserve_declared_unique" ON "reserve_declared" USING btree ("currency","network","address");--> statement-breakpoint
CREATE INDEX "reserve_snapshots_taken_at" ON "reserve_snapshots" USING btree ("taken_at");