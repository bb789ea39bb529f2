DROP INDEX "rebates_once_idx";--> statement-breakpoint
ALTER TABLE "rebates" ADD COLUMN "part" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "rebates_once_idx" ON "rebates" USING btree ("user_id","day","category","part");