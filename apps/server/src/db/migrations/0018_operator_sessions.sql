ALTER TABLE "user_totp" ADD COLUMN "session_id" integer;--> statement-breakpoint
-- Sessions open before this migration count as last used when they were created: older ones than the idle timeout end.
ALTER TABLE "operator_sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
UPDATE "operator_sessions" SET "last_used_at" = "created_at";--> statement-breakpoint
ALTER TABLE "operator_sessions" ALTER COLUMN "last_used_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_sessions_operator" ON "operator_sessions" USING btree ("operator_id");