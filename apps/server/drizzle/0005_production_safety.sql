ALTER TABLE "deposits" ADD COLUMN "token_units" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "token_decimals" smallint;--> statement-breakpoint
ALTER TABLE "wallet_nonces" ADD COLUMN "session_id" uuid;--> statement-breakpoint
CREATE INDEX "financial_records_reference_idx" ON "financial_records" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "ledger_entries_faucet_member_idx" ON "ledger_entries" USING btree ("member_id") WHERE "ledger_entries"."type" = 'dev_faucet';