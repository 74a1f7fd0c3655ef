CREATE TABLE "ledger_adjustment_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_adjustment_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"adjustment_id" bigint NOT NULL,
	"approver_id" uuid NOT NULL,
	"proposer_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_adjustment_approvals_not_proposer" CHECK ("ledger_adjustment_approvals"."approver_id" <> "ledger_adjustment_approvals"."proposer_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"member_id" uuid,
	"bucket" text,
	"asset" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"value_usdt" numeric(38, 18) NOT NULL,
	"postings" jsonb NOT NULL,
	"public_reason" text NOT NULL,
	"internal_reason" text NOT NULL,
	"proposer_id" uuid NOT NULL,
	"required_approvals" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_adjustments_id_proposer_key" UNIQUE("id","proposer_id"),
	CONSTRAINT "ledger_adjustments_amount_positive" CHECK ("ledger_adjustments"."amount" > 0),
	CONSTRAINT "ledger_adjustments_required_approvals" CHECK ("ledger_adjustments"."required_approvals" between 1 and 2),
	CONSTRAINT "ledger_adjustments_status" CHECK ("ledger_adjustments"."status" in ('pending', 'accepted', 'rejected', 'expired')),
	CONSTRAINT "ledger_adjustments_kind" CHECK (("ledger_adjustments"."kind" in ('member_credit', 'member_debit') and "ledger_adjustments"."member_id" is not null and "ledger_adjustments"."bucket" is not null)
        or ("ledger_adjustments"."kind" = 'house_move' and "ledger_adjustments"."member_id" is null and "ledger_adjustments"."bucket" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_adjustment_approvals" ADD CONSTRAINT "ledger_adjustment_approvals_approver_id_operators_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustment_approvals" ADD CONSTRAINT "ledger_adjustment_approvals_adjustment_fk" FOREIGN KEY ("adjustment_id","proposer_id") REFERENCES "public"."ledger_adjustments"("id","proposer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_proposer_id_operators_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_adjustment_approvals_once" ON "ledger_adjustment_approvals" USING btree ("adjustment_id","approver_id");--> statement-breakpoint
CREATE INDEX "ledger_adjustments_status_idx" ON "ledger_adjustments" USING btree ("status","id");--> statement-breakpoint
-- custom: the house account on the programme's side of members' adjustments (ledger.ts HouseAccount.ADJUSTMENTS).
INSERT INTO "ledger_accounts" ("house_account", "asset")
  SELECT 'adjustments', a.code FROM "assets" a ON CONFLICT DO NOTHING;
