ALTER TABLE "deposits" ADD COLUMN "request_key" varchar(160);--> statement-breakpoint
ALTER TABLE "rebates" ADD COLUMN "claim_request_key" varchar(160);--> statement-breakpoint
ALTER TABLE "red_packet_grabs" ADD COLUMN "request_key" varchar(160);--> statement-breakpoint
ALTER TABLE "idempotent_replies" ADD COLUMN "fingerprint" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_replies" ADD COLUMN "holder" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotent_replies" ADD COLUMN "lease_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_transfers" ADD COLUMN "request_key" varchar(160);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "request_key" varchar(160);--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_request_idx" ON "deposits" USING btree ("user_id","request_key") WHERE "deposits"."request_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_grabs_request_idx" ON "red_packet_grabs" USING btree ("user_id","request_key") WHERE "red_packet_grabs"."request_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotent_replies_created_idx" ON "idempotent_replies" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_transfers_request_idx" ON "venue_transfers" USING btree ("user_id","request_key","venue") WHERE "venue_transfers"."request_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_idx" ON "withdrawals" USING btree ("user_id","request_key") WHERE "withdrawals"."request_key" IS NOT NULL;