ALTER TABLE "activity_applications" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD COLUMN "note" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD COLUMN "bonus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_applications" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_applications" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "agent_applications" ADD COLUMN "note" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_reviewed_by_operators_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_applications" ADD CONSTRAINT "agent_applications_reviewed_by_operators_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;