ALTER TABLE "users" ADD COLUMN "login_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_checks_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_checks_at" timestamp with time zone;