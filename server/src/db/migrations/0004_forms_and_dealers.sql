ALTER TABLE "dealers" ADD COLUMN "number" serial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_registrations_email_lower_idx" ON "dealer_registrations" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_number_key" UNIQUE("number");