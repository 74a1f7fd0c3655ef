ALTER TABLE "activation_codes" DROP CONSTRAINT "activation_codes_status";--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "voided_reason" text;--> statement-breakpoint
ALTER TABLE "activation_codes" ADD COLUMN "voided_by" text;--> statement-breakpoint
CREATE INDEX "activation_codes_hint_idx" ON "activation_codes" USING btree ("hint");--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_voided" CHECK (("activation_codes"."status" = 'voided') = ("activation_codes"."voided_at" is not null and "activation_codes"."voided_reason" is not null));--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_status" CHECK ("activation_codes"."status" in ('unused', 'used', 'voided'));