-- The release engine's writes (Step 5 bench/release): every index below is written once per release.
-- plan_releases: one row per ledger entry, keyed by it; only the index the plan logs read.
-- Every committed release already names its entry (the engine posted each round before commit).
DROP INDEX "plan_releases_key";--> statement-breakpoint
DROP INDEX "plan_releases_unposted_idx";--> statement-breakpoint
DROP INDEX "plan_releases_member_idx";--> statement-breakpoint
ALTER TABLE "plan_releases" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "plan_releases" ALTER COLUMN "entry_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_releases" ADD PRIMARY KEY ("entry_id");--> statement-breakpoint
CREATE INDEX "plan_releases_member_idx" ON "plan_releases" USING btree ("member_id","kind","entry_id");--> statement-breakpoint
-- Orders and pledges are advanced daily, and member accounts change with every entry: no index on
-- what changes, and half of each page kept free (for the day's new row versions, while the last
-- day's are pruned), so their updates are HOT: one heap write, no index writes. The engine scans
-- active rows in id order. (Fill factor applies to pages written from now on.)
DROP INDEX "plan_orders_due_idx";--> statement-breakpoint
DROP INDEX "pledges_due_idx";--> statement-breakpoint
CREATE INDEX "plan_orders_due_idx" ON "plan_orders" USING btree ("id") WHERE "plan_orders"."status" = 'active';--> statement-breakpoint
CREATE INDEX "pledges_due_idx" ON "pledges" USING btree ("id") WHERE "pledges"."status" = 'active';--> statement-breakpoint
ALTER TABLE "plan_orders" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "pledges" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "ledger_accounts" SET (fillfactor = 50);
