ALTER TABLE "carts" ADD COLUMN "tax_region" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "checkout_started_at" timestamp with time zone;