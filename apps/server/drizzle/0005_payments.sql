CREATE TABLE "deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"channel" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"protocol" varchar(8) DEFAULT '' NOT NULL,
	"depositor_name" varchar(32) DEFAULT '' NOT NULL,
	"depositor_bank" varchar(32) DEFAULT '' NOT NULL,
	"receiving_account_id" integer,
	"gateway_trade_no" varchar(32),
	"checkout_url" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "deposits_positive" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "receiving_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"bank_name" varchar(32) NOT NULL,
	"owner" varchar(32) NOT NULL,
	"number" varchar(64) NOT NULL,
	"note" varchar(128) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"trade_no" varchar(32) PRIMARY KEY NOT NULL,
	"merchant_order_no" varchar(32) NOT NULL,
	"amount" bigint NOT NULL,
	"channel" varchar(16) NOT NULL,
	"status" varchar(10) NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"notify_attempts" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deposit_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_channel_pay_channels_code_fk" FOREIGN KEY ("channel") REFERENCES "public"."pay_channels"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_receiving_account_id_receiving_accounts_id_fk" FOREIGN KEY ("receiving_account_id") REFERENCES "public"."receiving_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_order_idx" ON "deposits" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("created_at") WHERE "deposits"."state" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "receiving_accounts_number_idx" ON "receiving_accounts" USING btree ("kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_merchant_idx" ON "sandbox_payments" USING btree ("merchant_order_no");--> statement-breakpoint
CREATE INDEX "sandbox_payments_unnotified_idx" ON "sandbox_payments" USING btree ("paid_at") WHERE "sandbox_payments"."status" = 'paid' AND "sandbox_payments"."notified_at" IS NULL;