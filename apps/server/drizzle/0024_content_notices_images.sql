CREATE TABLE "content_images" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"mime" varchar(16) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_brin_idx" ON "ledger_transfers" USING brin ("created_at");
