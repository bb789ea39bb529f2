-- Rounds played so far are older than any transaction to come: they take transaction id 0, and
-- their order among themselves stays their id. New rounds take their writing transaction's id.
ALTER TABLE "demo_venue_bets" ADD COLUMN "txid" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_venue_bets" ALTER COLUMN "txid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "demo_venue_bets_feed_idx" ON "demo_venue_bets" USING btree ("txid","id");--> statement-breakpoint
-- A cursor is the provider's own text now; the demo venue's is "txid:id", so the old position N
-- (every id up to N read) is "0:N".
ALTER TABLE "bet_cursors" ALTER COLUMN "cursor" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bet_cursors" ALTER COLUMN "cursor" SET DATA TYPE text USING ('0:' || "cursor"::text);--> statement-breakpoint
ALTER TABLE "bet_cursors" ALTER COLUMN "cursor" SET DEFAULT '';
