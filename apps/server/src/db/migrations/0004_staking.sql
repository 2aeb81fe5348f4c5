CREATE TABLE "staking_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"currency" text NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"days" integer NOT NULL,
	"days_paid" integer DEFAULT 0 NOT NULL,
	"earned" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "staking_orders_days_paid" CHECK ("staking_orders"."days_paid" >= 0 and "staking_orders"."days_paid" <= "staking_orders"."days")
);
--> statement-breakpoint
CREATE TABLE "staking_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"currency" text NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"days" integer NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"quota" numeric(38, 18) NOT NULL,
	"per_user_limit" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staking_orders" ADD CONSTRAINT "staking_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_orders" ADD CONSTRAINT "staking_orders_product_id_staking_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."staking_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staking_products" ADD CONSTRAINT "staking_products_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staking_orders_user" ON "staking_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "staking_orders_due" ON "staking_orders" USING btree ("status","subscribed_at");