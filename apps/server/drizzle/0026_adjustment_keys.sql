ALTER TABLE "adjustments" ADD COLUMN "request_key" varchar(100);--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_request_key_idx" ON "adjustments" USING btree ("request_key");