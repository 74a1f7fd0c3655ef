CREATE INDEX "deposits_queue_idx" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_queue_idx" ON "withdrawals" USING btree ("status","id");