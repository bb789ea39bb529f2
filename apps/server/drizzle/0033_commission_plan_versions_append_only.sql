-- A commission plan's version is what a month was settled on: rows are added, never changed or
-- removed (as ledger_transfers and audit_log); a change to a plan is a new version.
CREATE OR REPLACE FUNCTION commission_plan_versions_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'commission_plan_versions is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER commission_plan_versions_no_update_delete
  BEFORE UPDATE OR DELETE ON commission_plan_versions
  FOR EACH ROW EXECUTE FUNCTION commission_plan_versions_append_only();
--> statement-breakpoint
CREATE TRIGGER commission_plan_versions_no_truncate
  BEFORE TRUNCATE ON commission_plan_versions
  FOR EACH STATEMENT EXECUTE FUNCTION commission_plan_versions_append_only();
