CREATE TABLE "content_image_variants" (
	"image_id" varchar(32) NOT NULL,
	"format" varchar(8) NOT NULL,
	"asked_width" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "content_image_variants_image_id_format_asked_width_pk" PRIMARY KEY("image_id","format","asked_width")
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "usable_from" timestamp with time zone;--> statement-breakpoint
-- A card bound before keeps the waiting period in force now (the operator's setting, 24 hours unless set).
UPDATE "cards" SET "usable_from" = "created_at" + make_interval(hours => coalesce((SELECT ("value"->>'hours')::int FROM "settings" WHERE "key" = 'card_wait'), 24));--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "usable_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "content_image_variants" ADD CONSTRAINT "content_image_variants_image_id_content_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."content_images"("id") ON DELETE cascade ON UPDATE no action;