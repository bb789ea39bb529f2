CREATE TABLE "adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"direction" varchar(6) NOT NULL,
	"amount" bigint NOT NULL,
	"turnover_multiple" numeric(6, 2) NOT NULL,
	"reason" text NOT NULL,
	"state" varchar(8) NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "adjustments_positive" CHECK ("adjustments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "money_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"claimed_by" bigint,
	"claimed_until" timestamp with time zone,
	"first_approved_by" bigint,
	"first_approved_at" timestamp with time zone,
	"first_note" text DEFAULT '' NOT NULL,
	"decision" varchar(8),
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_reviews" ADD CONSTRAINT "money_reviews_claimed_by_operators_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_reviews" ADD CONSTRAINT "money_reviews_first_approved_by_operators_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_reviews" ADD CONSTRAINT "money_reviews_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustments_user_idx" ON "adjustments" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "adjustments_pending_idx" ON "adjustments" USING btree ("requested_at") WHERE "adjustments"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "money_reviews_order_idx" ON "money_reviews" USING btree ("kind","order_no");