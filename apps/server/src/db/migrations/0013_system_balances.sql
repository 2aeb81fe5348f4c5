ALTER TABLE "ledger_accounts" ALTER COLUMN "balance" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ALTER COLUMN "balance" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "postings" ALTER COLUMN "balance_after" DROP NOT NULL;--> statement-breakpoint
-- System accounts keep no stored balance from now on: it is the sum of their postings.
UPDATE "ledger_accounts" SET "balance" = NULL WHERE "system_key" IS NOT NULL;--> statement-breakpoint
UPDATE "postings" SET "balance_after" = NULL WHERE "account_id" IN (SELECT "id" FROM "ledger_accounts" WHERE "system_key" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_kept" CHECK (("ledger_accounts"."user_id" is null) = ("ledger_accounts"."balance" is null));
