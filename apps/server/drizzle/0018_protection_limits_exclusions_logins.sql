CREATE TABLE "login_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(256) NOT NULL,
	"result" varchar(16) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_limits" (
	"user_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"period" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"pending_amount" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "player_restrictions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"term" varchar(4) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"return_requested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "demo_venue_sessions" ADD COLUMN "reality_check_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_venue_sessions" ADD COLUMN "logged_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reality_check_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_restrictions" ADD CONSTRAINT "player_restrictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_events_user_idx" ON "login_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "player_restrictions_user_idx" ON "player_restrictions" USING btree ("user_id","ends_at");