CREATE TABLE "demo_venue_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"venue" varchar(16) NOT NULL,
	"player" varchar(32) NOT NULL,
	"game_code" varchar(32) NOT NULL,
	"stake" bigint NOT NULL,
	"valid" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_venue_launches" (
	"token_id" varchar(32) PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_venue_sessions" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"venue" varchar(16) NOT NULL,
	"player" varchar(32) NOT NULL,
	"game_code" varchar(32) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bet_cursors" (
	"provider" varchar(16) PRIMARY KEY NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"venue" varchar(16) NOT NULL,
	"bet_id" varchar(40) NOT NULL,
	"user_id" bigint NOT NULL,
	"game_code" varchar(32) NOT NULL,
	"category" varchar(16) NOT NULL,
	"bet_amount" bigint NOT NULL,
	"valid_amount" bigint NOT NULL,
	"win_loss" bigint NOT NULL,
	"status" smallint NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue" varchar(16) NOT NULL,
	"game_code" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"category" varchar(16) NOT NULL,
	"engine" varchar(10) NOT NULL,
	"is_hot" smallint DEFAULT 0 NOT NULL,
	"is_new" smallint DEFAULT 0 NOT NULL,
	"app_state" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_venue_venues_code_fk" FOREIGN KEY ("venue") REFERENCES "public"."venues"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_venue_venues_code_fk" FOREIGN KEY ("venue") REFERENCES "public"."venues"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bets_venue_bet_idx" ON "bets" USING btree ("venue","bet_id");--> statement-breakpoint
CREATE INDEX "bets_user_idx" ON "bets" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE INDEX "bets_settled_idx" ON "bets" USING btree ("settled_at") WHERE "bets"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "games_venue_code_idx" ON "games" USING btree ("venue","game_code");