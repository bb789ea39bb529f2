CREATE TABLE "ledger_pending" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"source_account_id" bigint NOT NULL,
	"holding_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"ref_type" varchar(32),
	"ref_id" varchar(64),
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_pending_positive" CHECK ("ledger_pending"."amount" > 0),
	CONSTRAINT "ledger_pending_state" CHECK ("ledger_pending"."state" IN (0, 1, 2))
);
--> statement-breakpoint
DROP INDEX "venue_transfers_pending_idx";--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "debit_player" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "credit_player" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The flags of the movements recorded so far, read from their accounts (the rows are append-only:
-- their guard is lifted for this one backfill).
ALTER TABLE "ledger_transfers" DISABLE TRIGGER "ledger_transfers_no_update_delete";--> statement-breakpoint
UPDATE "ledger_transfers" t SET
  "debit_player" = EXISTS (SELECT 1 FROM "accounts" a WHERE a."id" = t."debit_account_id" AND a."owner" = 'player'),
  "credit_player" = EXISTS (SELECT 1 FROM "accounts" a WHERE a."id" = t."credit_account_id" AND a."owner" = 'player')
WHERE EXISTS (SELECT 1 FROM "accounts" a WHERE a."id" IN (t."debit_account_id", t."credit_account_id") AND a."owner" = 'player');--> statement-breakpoint
ALTER TABLE "ledger_transfers" ENABLE TRIGGER "ledger_transfers_no_update_delete";--> statement-breakpoint
ALTER TABLE "venue_transfers" ADD COLUMN "pending_key" varchar(120);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "pending_key" varchar(120);--> statement-breakpoint
UPDATE "venue_transfers" SET "pending_key" = 'venue:' || "order_no";--> statement-breakpoint
UPDATE "withdrawals" SET "pending_key" = 'withdrawal:' || "order_no";--> statement-breakpoint
ALTER TABLE "venue_transfers" ALTER COLUMN "pending_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "pending_key" SET NOT NULL;--> statement-breakpoint
-- The holding accounts and venue floats the recorded transfers need, if they were never used.
INSERT INTO "accounts" ("code", "owner", "kind")
SELECT 'house:' || k, 'house', k FROM (VALUES ('venue_transit'), ('withdrawals_pending')) AS h(k)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "accounts" ("code", "owner", "kind", "venue")
SELECT DISTINCT 'house:venue_float:' || "venue", 'house', 'venue_float', "venue" FROM "venue_transfers"
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
-- Every venue transfer becomes a reservation in its state (2 awaiting: pending; 1: settled; 0: voided).
-- A transfer in held its money in transit already; a transfer out awaiting settlement now holds
-- its amount out of the venue float in transit too, as new ones do.
INSERT INTO "ledger_pending" ("key", "kind", "source_account_id", "holding_account_id", "amount", "state", "ref_type", "ref_id", "note", "created_at", "resolved_at")
SELECT v."pending_key", 'venue_' || v."direction",
  (SELECT a."id" FROM "accounts" a WHERE a."code" = CASE v."direction"
     WHEN 'in' THEN 'user:' || v."user_id" || ':central' ELSE 'house:venue_float:' || v."venue" END),
  (SELECT a."id" FROM "accounts" a WHERE a."code" = 'house:venue_transit'),
  v."amount", CASE v."state" WHEN 2 THEN 0 WHEN 1 THEN 1 ELSE 2 END,
  'venue_transfer', v."order_no", v."error", v."created_at", v."settled_at"
FROM "venue_transfers" v;--> statement-breakpoint
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "amount", "kind", "idempotency_key", "ref_type", "ref_id", "created_at")
SELECT p."source_account_id", p."holding_account_id", p."amount", p."kind", p."key" || ':reserve', p."ref_type", p."ref_id", p."created_at"
FROM "ledger_pending" p WHERE p."kind" = 'venue_out' AND p."state" = 0;--> statement-breakpoint
-- Withdrawals: 1 in review: pending; 2 approved: settled; 3 rejected: voided, with the note.
INSERT INTO "ledger_pending" ("key", "kind", "source_account_id", "holding_account_id", "amount", "state", "ref_type", "ref_id", "note", "created_at", "resolved_at")
SELECT w."pending_key", 'withdrawal',
  (SELECT a."id" FROM "accounts" a WHERE a."code" = 'user:' || w."user_id" || ':central'),
  (SELECT a."id" FROM "accounts" a WHERE a."code" = 'house:withdrawals_pending'),
  w."amount", CASE w."state" WHEN 1 THEN 0 WHEN 2 THEN 1 ELSE 2 END,
  'withdrawal', w."order_no", w."note", w."created_at", w."reviewed_at"
FROM "withdrawals" w;--> statement-breakpoint
CREATE INDEX "ledger_pending_open_idx" ON "ledger_pending" USING btree ("kind","created_at") WHERE "ledger_pending"."state" = 0;--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_player_idx" ON "ledger_transfers" USING btree ("debit_account_id","id") WHERE "ledger_transfers"."debit_player";--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_player_idx" ON "ledger_transfers" USING btree ("credit_account_id","id") WHERE "ledger_transfers"."credit_player";--> statement-breakpoint
ALTER TABLE "venue_transfers" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "venue_transfers" DROP COLUMN "error";--> statement-breakpoint
ALTER TABLE "venue_transfers" DROP COLUMN "settled_at";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP COLUMN "reviewed_at";