CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_one_open_per_kind" ON "incidents" USING btree ("kind") WHERE "incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "incidents_opened" ON "incidents" USING btree ("opened_at");