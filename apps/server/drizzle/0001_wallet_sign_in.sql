CREATE TABLE "wallet_nonces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_nonces_nonce_hash_key" ON "wallet_nonces" USING btree ("nonce_hash");--> statement-breakpoint
CREATE INDEX "wallet_nonces_expires_idx" ON "wallet_nonces" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_wallet_address_lower" CHECK ("members"."wallet_address" = lower("members"."wallet_address"));