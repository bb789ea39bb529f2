CREATE TABLE "demo_venue_orders" (
	"order_no" varchar(32) PRIMARY KEY NOT NULL,
	"venue" varchar(16) NOT NULL,
	"player" varchar(32) NOT NULL,
	"direction" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_venue_wallets" (
	"venue" varchar(16) NOT NULL,
	"player" varchar(32) NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_venue_wallets_venue_player_pk" PRIMARY KEY("venue","player"),
	CONSTRAINT "demo_venue_wallets_non_negative" CHECK ("demo_venue_wallets"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"bank" varchar(32) NOT NULL,
	"bank_owner" varchar(32) NOT NULL,
	"bank_no" varchar(64) NOT NULL,
	"bank_address" varchar(128) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotent_replies" (
	"user_id" bigint NOT NULL,
	"key" varchar(128) NOT NULL,
	"route" varchar(64) NOT NULL,
	"status" smallint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turnover_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"delta" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"idempotency_key" varchar(160) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"venue" varchar(16) NOT NULL,
	"direction" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"state" smallint NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "venue_transfers_positive" CHECK ("venue_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"category" varchar(16) NOT NULL,
	"provider" varchar(16) DEFAULT 'demo' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_positive" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_pay_passwords" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "turnover_required" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotent_replies" ADD CONSTRAINT "idempotent_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_entries" ADD CONSTRAINT "turnover_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_transfers" ADD CONSTRAINT "venue_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_transfers" ADD CONSTRAINT "venue_transfers_venue_venues_code_fk" FOREIGN KEY ("venue") REFERENCES "public"."venues"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_user_idx" ON "cards" USING btree ("user_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_active_number_idx" ON "cards" USING btree ("user_id","type","bank_no") WHERE "cards"."removed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotent_replies_pk" ON "idempotent_replies" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_entries_key_idx" ON "turnover_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "turnover_entries_user_idx" ON "turnover_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_transfers_order_idx" ON "venue_transfers" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "venue_transfers_user_idx" ON "venue_transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "venue_transfers_pending_idx" ON "venue_transfers" USING btree ("state") WHERE "venue_transfers"."state" = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_order_idx" ON "withdrawals" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");