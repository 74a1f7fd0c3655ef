CREATE TABLE "hot_wallet_nonces" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"direction" text NOT NULL,
	"chain_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"withdrawal_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"fee_from" text NOT NULL,
	"received" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"from_address" text,
	"nonce" integer,
	"signed_tx" text,
	"tx_hash" text,
	"block_number" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "head_block" bigint;--> statement-breakpoint
ALTER TABLE "financial_records" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "financial_records" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "financial_records" ADD COLUMN "address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "hot_wallet_nonces_key" ON "hot_wallet_nonces" USING btree ("chain_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_channels_key" ON "payment_channels" USING btree ("direction","chain_id","method");--> statement-breakpoint
CREATE INDEX "withdrawal_events_withdrawal_idx" ON "withdrawal_events" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_key" ON "withdrawals" USING btree ("member_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_tx_hash_key" ON "withdrawals" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_nonce_key" ON "withdrawals" USING btree ("chain_id","from_address","nonce");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("chain_id","status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","created_at");