CREATE TABLE "agent_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(32) DEFAULT '' NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_members" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"chain" varchar(400) NOT NULL,
	"link_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_members_not_self" CHECK ("agent_members"."user_id" <> "agent_members"."agent_id")
);
--> statement-breakpoint
CREATE TABLE "agent_plans" (
	"agent_id" bigint PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_close_runs" (
	"month" varchar(7) PRIMARY KEY NOT NULL,
	"statements" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_plan_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"created_by" bigint,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_statement_lines" (
	"statement_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"deposits" bigint NOT NULL,
	"withdrawals" bigint NOT NULL,
	"stakes" bigint NOT NULL,
	"valid_stakes" bigint NOT NULL,
	"payouts" bigint NOT NULL,
	"bonuses" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net" bigint NOT NULL,
	"active" smallint NOT NULL,
	"cpa" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"month" varchar(7) NOT NULL,
	"plan_version_id" bigint NOT NULL,
	"net_loss" bigint NOT NULL,
	"active_members" integer NOT NULL,
	"tier" integer NOT NULL,
	"share_percent" varchar(8) NOT NULL,
	"carry_in" bigint NOT NULL,
	"carry_out" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"overrides" bigint NOT NULL,
	"override_lines" jsonb NOT NULL,
	"cpa_count" integer NOT NULL,
	"cpa" bigint NOT NULL,
	"total" bigint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"decided_amount" bigint,
	"paid" bigint DEFAULT 0 NOT NULL,
	"first_decided_by" bigint,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_statements_amounts" CHECK ("commission_statements"."total" >= 0 AND "commission_statements"."paid" >= 0 AND "commission_statements"."carry_out" <= 0)
);
--> statement-breakpoint
ALTER TABLE "agent_links" ADD CONSTRAINT "agent_links_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_members" ADD CONSTRAINT "agent_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_members" ADD CONSTRAINT "agent_members_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_members" ADD CONSTRAINT "agent_members_link_id_agent_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."agent_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_plans" ADD CONSTRAINT "agent_plans_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_plans" ADD CONSTRAINT "agent_plans_plan_id_commission_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."commission_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_plan_versions" ADD CONSTRAINT "commission_plan_versions_plan_id_commission_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."commission_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_plan_versions" ADD CONSTRAINT "commission_plan_versions_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statement_lines" ADD CONSTRAINT "commission_statement_lines_statement_id_commission_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."commission_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statement_lines" ADD CONSTRAINT "commission_statement_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_plan_version_id_commission_plan_versions_id_fk" FOREIGN KEY ("plan_version_id") REFERENCES "public"."commission_plan_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_first_decided_by_operators_id_fk" FOREIGN KEY ("first_decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_links_code_idx" ON "agent_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "agent_links_agent_idx" ON "agent_links" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "agent_members_agent_idx" ON "agent_members" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "agent_members_chain_idx" ON "agent_members" USING btree ("chain");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_plan_versions_plan_idx" ON "commission_plan_versions" USING btree ("plan_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_statement_lines_idx" ON "commission_statement_lines" USING btree ("statement_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_statements_agent_month_idx" ON "commission_statements" USING btree ("agent_id","month");--> statement-breakpoint
CREATE INDEX "commission_statements_state_idx" ON "commission_statements" USING btree ("state","month");