CREATE TABLE "real_name_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"doc_type" text NOT NULL,
	"doc_number" text NOT NULL,
	"image_ids" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer
);
--> statement-breakpoint
ALTER TABLE "real_name_submissions" ADD CONSTRAINT "real_name_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "real_name_submissions_user" ON "real_name_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "real_name_submissions_status" ON "real_name_submissions" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "real_name_submissions_one_open" ON "real_name_submissions" USING btree ("user_id") WHERE "real_name_submissions"."status" in ('pending', 'verified');