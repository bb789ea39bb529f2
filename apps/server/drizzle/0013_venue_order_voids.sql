ALTER TABLE "demo_venue_orders" ALTER COLUMN "player" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_venue_orders" ALTER COLUMN "direction" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_venue_orders" ALTER COLUMN "amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_venue_orders" ADD COLUMN "status" varchar(8) DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_venue_orders" ADD CONSTRAINT "demo_venue_orders_applied_whole" CHECK ("demo_venue_orders"."status" = 'voided' OR ("demo_venue_orders"."player" IS NOT NULL AND "demo_venue_orders"."direction" IS NOT NULL AND "demo_venue_orders"."amount" IS NOT NULL));