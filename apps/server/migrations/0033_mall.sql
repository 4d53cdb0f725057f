CREATE TABLE "mall_order_items" (
	"order_item_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_order_items_order_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"item_type" text NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"item_count" integer NOT NULL,
	"delivery_status" smallint DEFAULT 1 NOT NULL,
	"coupon_ids" bigint[] DEFAULT '{}' NOT NULL,
	"shipping_content" text,
	"delivery_error" text,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mall_orders" (
	"order_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_orders_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"product_price" integer NOT NULL,
	"account_id" text NOT NULL,
	"mobile" text,
	"order_status" smallint DEFAULT 1 NOT NULL,
	"payment_status" smallint DEFAULT 1 NOT NULL,
	"payment_id" text,
	"payment_amount" integer,
	"paid_at" timestamp with time zone,
	"delivery_status" smallint DEFAULT 1 NOT NULL,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_payment_reports" (
	"report_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_payment_reports_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_products" (
	"product_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_products_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"name" text NOT NULL,
	"unit_price" integer NOT NULL,
	"original_price" integer,
	"advertisement" text,
	"usage_scope" text,
	"expire_in_days" integer,
	"description" text,
	"image_url" text,
	"product_display" boolean DEFAULT false NOT NULL,
	"group_ids" text[] DEFAULT '{}' NOT NULL,
	"operator_ids" text[] DEFAULT '{}' NOT NULL,
	"landing_page" text,
	"items" jsonb NOT NULL,
	"creator_name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mall_order_items" ADD CONSTRAINT "mall_order_items_order_id_mall_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mall_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_orders" ADD CONSTRAINT "mall_orders_product_id_mall_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mall_products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_payment_reports" ADD CONSTRAINT "mall_payment_reports_order_id_mall_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mall_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mall_order_items_position_idx" ON "mall_order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "mall_orders_created_idx" ON "mall_orders" USING btree ("tenant","created_at","order_id");--> statement-breakpoint
CREATE INDEX "mall_orders_account_idx" ON "mall_orders" USING btree ("tenant","account_id","created_at");--> statement-breakpoint
CREATE INDEX "mall_orders_mobile_idx" ON "mall_orders" USING btree ("tenant","mobile");--> statement-breakpoint
CREATE INDEX "mall_orders_unpaid_idx" ON "mall_orders" USING btree ("created_at") WHERE payment_status = 1 and closed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "mall_payment_reports_once_idx" ON "mall_payment_reports" USING btree ("order_id","payment_id","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_products_name_idx" ON "mall_products" USING btree ("tenant","name");--> statement-breakpoint
CREATE INDEX "mall_products_created_idx" ON "mall_products" USING btree ("tenant","created_at","product_id");