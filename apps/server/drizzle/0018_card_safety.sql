ALTER TABLE "card_applications" DROP CONSTRAINT "card_applications_status";--> statement-breakpoint
ALTER TABLE "card_applications" ALTER COLUMN "status" SET DEFAULT 'submitting';--> statement-breakpoint
ALTER TABLE "card_applications" ADD COLUMN "holder_sealed" text;--> statement-breakpoint
ALTER TABLE "card_applications" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "card_applications" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD COLUMN "kind" text DEFAULT 'top_up' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD COLUMN "payer" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD COLUMN "issuer_key" text;--> statement-breakpoint
-- Step 7b: the initial top-up written by an issued card (fee 0, at the card's issue time, the
-- application's initial amount) keeps the key the issuer already knows it by; paid with an
-- activation code, the programme is its payer. Every other top-up keeps its own row's key.
UPDATE "card_top_ups" t SET "kind" = 'initial',
  "payer" = CASE WHEN a."payment" = 'code' THEN 'programme' ELSE 'member' END,
  "issuer_key" = 'card_application:' || a."id" || ':initial'
  FROM "cards" c JOIN "card_applications" a ON a."id" = c."application_id"
  WHERE c."id" = t."card_record_id" AND t."fee" = 0 AND t."created_at" = c."issued_at"
    AND t."amount" = a."initial_top_up";--> statement-breakpoint
UPDATE "card_top_ups" SET "issuer_key" = 'card_top_up:' || "id" WHERE "issuer_key" IS NULL;--> statement-breakpoint
ALTER TABLE "card_top_ups" ALTER COLUMN "issuer_key" SET NOT NULL;--> statement-breakpoint
-- The sandbox issuer's index of numbers named each number in the clear; it now uses a keyed digest.
DELETE FROM "card_sandbox_store" WHERE "key" LIKE 'card-number/%';--> statement-breakpoint
CREATE INDEX "card_applications_open_idx" ON "card_applications" USING btree ("id") WHERE "card_applications"."status" = 'submitting' or ("card_applications"."status" = 'submitted' and "card_applications"."decision" is not null);--> statement-breakpoint
CREATE UNIQUE INDEX "card_top_ups_issuer_key" ON "card_top_ups" USING btree ("issuer_key");--> statement-breakpoint
-- KYC details in the clear go: only a sealed copy is kept from now on (no production data predates this).
ALTER TABLE "card_applications" DROP COLUMN "holder_name";--> statement-breakpoint
ALTER TABLE "card_applications" DROP COLUMN "nationality";--> statement-breakpoint
ALTER TABLE "card_applications" DROP COLUMN "document_type";--> statement-breakpoint
ALTER TABLE "card_applications" DROP COLUMN "document_last4";--> statement-breakpoint
ALTER TABLE "cards" DROP COLUMN "masked_number";--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_decision" CHECK ("card_applications"."decision" is null or "card_applications"."decision" in ('approve', 'reject'));--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_status" CHECK ("card_applications"."status" in ('submitting', 'submitted', 'kyc_approved', 'kyc_rejected', 'issued'));--> statement-breakpoint
ALTER TABLE "card_top_ups" ADD CONSTRAINT "card_top_ups_kind" CHECK ("card_top_ups"."kind" in ('top_up', 'initial') and "card_top_ups"."payer" in ('member', 'programme'));