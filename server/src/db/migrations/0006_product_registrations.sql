CREATE TABLE "product_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_document_id" text NOT NULL,
	"product_title" text NOT NULL,
	"serial_number" text NOT NULL,
	"purchase_date" date NOT NULL,
	"purchased_from" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"zip" text NOT NULL,
	"opt_in_notices" boolean NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_registrations_product_serial_idx" ON "product_registrations" USING btree ("product_document_id","serial_number");--> statement-breakpoint
CREATE INDEX "product_registrations_user_idx" ON "product_registrations" USING btree ("user_id");