-- What burns KPC (Step 5): the KPC fee of an exchange out of KPC, where the pair says so (the
-- default for KPC -> USDT), and the penalty of an early pledge redemption. Both are ledger
-- postings to the `burn` house account, whose KPC balance is "KPC burned".
ALTER TABLE "exchange_pairs" ADD COLUMN "burn_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_pairs" ADD CONSTRAINT "exchange_pairs_burn_kpc" CHECK (not "exchange_pairs"."burn_fee" or "exchange_pairs"."from_asset" = 'KPC');--> statement-breakpoint
UPDATE "exchange_pairs" SET "burn_fee" = true WHERE "from_asset" = 'KPC';
