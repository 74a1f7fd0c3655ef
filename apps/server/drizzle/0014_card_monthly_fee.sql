-- Cards' monthly fee (Step 6, SPEC §9, README "Cards"): kept on each card at issue, charged on each
-- monthly anniversary of the issue by the `card monthly fees` job. A freeze is the member's or the
-- programme's (fee due), tracked apart so lifting one never lifts the other.
ALTER TABLE "cards" ADD COLUMN "member_frozen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "fee_frozen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "monthly_fee" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "monthly_fee_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "monthly_fees_charged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "monthly_fee_next_at" timestamp with time zone;--> statement-breakpoint
-- Cards issued before: their product's fee today, the first due one calendar month after issue
-- (UTC, the day clamped to the month's end, as PostgreSQL adds months); every earlier freeze was
-- the member's.
UPDATE "cards" SET
  "monthly_fee" = "card_products"."monthly_fee",
  "monthly_fee_from" = "cards"."issued_at",
  "monthly_fee_next_at" = CASE WHEN "card_products"."monthly_fee" > 0
    THEN ("cards"."issued_at" AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC' END,
  "member_frozen" = "cards"."status" = 'frozen'
FROM "card_products" WHERE "card_products"."code" = "cards"."product";--> statement-breakpoint
UPDATE "cards" SET "monthly_fee" = 0, "monthly_fee_from" = "issued_at" WHERE "monthly_fee" IS NULL;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "monthly_fee" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "monthly_fee_from" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "cards_monthly_fee_due_idx" ON "cards" USING btree ("monthly_fee_next_at","id");--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_monthly_fee" CHECK ("cards"."monthly_fee" >= 0 and "cards"."monthly_fees_charged" >= 0);
