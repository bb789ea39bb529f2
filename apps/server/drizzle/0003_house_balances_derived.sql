-- House accounts keep no running balance from here on: clear the ones kept before.
UPDATE "accounts" SET "balance" = 0 WHERE "owner" = 'house';
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_house_no_running_balance" CHECK ("accounts"."owner" = 'player' OR "accounts"."balance" = 0);