ALTER TABLE "demo_venue_launches" ALTER COLUMN "used_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "demo_venue_launches" ALTER COLUMN "used_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_venue_launches" ADD COLUMN "player" varchar(32);--> statement-breakpoint
ALTER TABLE "demo_venue_launches" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
-- The rows so far are used launches only: they stay used until swept, as before.
UPDATE "demo_venue_launches" SET "player" = '', "issued_at" = "used_at";--> statement-breakpoint
ALTER TABLE "demo_venue_launches" ALTER COLUMN "player" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_venue_launches" ALTER COLUMN "issued_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "demo_venue_launches_player_idx" ON "demo_venue_launches" USING btree ("player");
