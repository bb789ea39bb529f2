CREATE TABLE "daily_job_runs" (
	"job" varchar(32) NOT NULL,
	"day" varchar(10) NOT NULL,
	"status" varchar(8) NOT NULL,
	"attempts" smallint DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rebates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"day" varchar(10) NOT NULL,
	"category" varchar(16) NOT NULL,
	"valid_amount" bigint NOT NULL,
	"rate" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "red_packet_grabs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"day" varchar(10) NOT NULL,
	"rule" smallint NOT NULL,
	"deposits" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"grabbed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"day" varchar(10) NOT NULL,
	"from_level" smallint NOT NULL,
	"to_level" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vip_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_grabs" ADD CONSTRAINT "red_packet_grabs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_changes" ADD CONSTRAINT "vip_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_job_runs_pk" ON "daily_job_runs" USING btree ("job","day");--> statement-breakpoint
CREATE UNIQUE INDEX "rebates_once_idx" ON "rebates" USING btree ("user_id","day","category");--> statement-breakpoint
CREATE INDEX "rebates_unclaimed_idx" ON "rebates" USING btree ("user_id") WHERE "rebates"."state" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_grabs_once_idx" ON "red_packet_grabs" USING btree ("user_id","day","rule");--> statement-breakpoint
CREATE INDEX "red_packet_grabs_user_idx" ON "red_packet_grabs" USING btree ("user_id","grabbed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_changes_once_idx" ON "vip_changes" USING btree ("user_id","day");