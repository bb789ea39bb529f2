CREATE TABLE "avatar_variants" (
	"avatar_id" varchar(32) NOT NULL,
	"format" varchar(8) NOT NULL,
	"asked_width" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "avatar_variants_avatar_id_format_asked_width_pk" PRIMARY KEY("avatar_id","format","asked_width")
);
--> statement-breakpoint
ALTER TABLE "avatar_variants" ADD CONSTRAINT "avatar_variants_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;