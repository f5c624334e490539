ALTER TABLE "dealers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "dealers" ADD COLUMN "licence_expires" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dealer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_id_dealers_number_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("number") ON DELETE set null ON UPDATE no action;