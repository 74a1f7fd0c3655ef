ALTER TABLE "cards" ADD COLUMN "operator_frozen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "operator_frozen_reason" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "imported_by" text;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_operator_frozen" CHECK ("cards"."operator_frozen" = ("cards"."operator_frozen_reason" is not null));