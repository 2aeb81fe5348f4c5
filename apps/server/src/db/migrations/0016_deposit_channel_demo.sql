ALTER TABLE "deposit_channels" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "deposit_channels" SET "demo" = true WHERE "address" IN ('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', '0x000000000000000000000000000000000000dEaD', '1BitcoinEaterAddressDontSendf59kuE');--> statement-breakpoint
UPDATE "deposits" SET "demo" = true WHERE "address" IN ('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', '0x000000000000000000000000000000000000dEaD', '1BitcoinEaterAddressDontSendf59kuE');
