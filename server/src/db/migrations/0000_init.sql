CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_key" text NOT NULL,
	"build_id" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"guest_token" text,
	"status" text DEFAULT 'open' NOT NULL,
	"shipping_method_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_documents" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_documents_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"token" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"sku" text PRIMARY KEY NOT NULL,
	"product_document_id" text NOT NULL,
	"product_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"qty_on_hand" integer DEFAULT 0 NOT NULL,
	"is_ffl_item" boolean DEFAULT false NOT NULL,
	"is_receiver_item" boolean DEFAULT false NOT NULL,
	"restricted_states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"restricted_zips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_url" text,
	"product_url" text
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_guest_token_guests_token_fk" FOREIGN KEY ("guest_token") REFERENCES "public"."guests"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_idx" ON "cart_items" USING btree ("cart_id","line_key");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_user_idx" ON "carts" USING btree ("user_id") WHERE status = 'open' and user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_guest_idx" ON "carts" USING btree ("guest_token") WHERE status = 'open' and guest_token is not null;--> statement-breakpoint
CREATE INDEX "skus_product_idx" ON "skus" USING btree ("product_document_id");