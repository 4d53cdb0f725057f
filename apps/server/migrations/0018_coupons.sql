CREATE TABLE "coupon_abandon_records" (
	"coupon_abandon_record_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_abandon_records_coupon_abandon_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"abandon_type" text NOT NULL,
	"value" text NOT NULL,
	"coupon_batch_id" bigint,
	"batch_name" text,
	"abandon_amount" integer NOT NULL,
	"operator_account" text NOT NULL,
	"remark" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_batches" (
	"coupon_batch_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_batches_coupon_batch_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"coupon_name" text NOT NULL,
	"batch_name" text NOT NULL,
	"award_type" text DEFAULT 'pe_coupon' NOT NULL,
	"coupon_biz_code" text NOT NULL,
	"coupon_type_code" text NOT NULL,
	"coupon_sub_type" text DEFAULT '-1' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"amount" integer NOT NULL,
	"stock_amount" integer NOT NULL,
	"created_amount" integer DEFAULT 0 NOT NULL,
	"assigned_amount" integer DEFAULT 0 NOT NULL,
	"expired_amount" integer DEFAULT 0 NOT NULL,
	"used_amount" integer DEFAULT 0 NOT NULL,
	"abandon_amount" integer DEFAULT 0 NOT NULL,
	"limit_per_user" integer,
	"expire_type_code" text NOT NULL,
	"effective_date" timestamp with time zone,
	"expire_date" timestamp with time zone,
	"effective_days" integer,
	"image_url" text,
	"coupon_value" double precision NOT NULL,
	"coupon_value_display" text,
	"price_service_fee" boolean DEFAULT false NOT NULL,
	"price_electricity_fee" boolean DEFAULT false NOT NULL,
	"has_price_limit" boolean DEFAULT false NOT NULL,
	"total_price" bigint,
	"portal_editable" boolean DEFAULT true NOT NULL,
	"dilatation_enable" boolean DEFAULT false NOT NULL,
	"grant_enable" boolean DEFAULT true NOT NULL,
	"is_transfer" boolean DEFAULT false NOT NULL,
	"is_saas_tenant" boolean DEFAULT false NOT NULL,
	"discount_coupon_cost_share" double precision,
	"coupon_description" text,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"use_range" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_tag" text[] DEFAULT '{}'::text[] NOT NULL,
	"biz_extend" jsonb,
	"operator_account" text NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_bind_records" (
	"bind_record_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_bind_records_bind_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"coupon_id" bigint NOT NULL,
	"coupon_batch_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"channel" text NOT NULL,
	"operator_account" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_custom_tags" (
	"tenant" text NOT NULL,
	"tag_value" text NOT NULL,
	"description" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_generate_records" (
	"generate_record_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_generate_records_generate_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"coupon_batch_id" bigint NOT NULL,
	"generate_type" text NOT NULL,
	"code_type" text DEFAULT 'random' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"generate_amount" integer NOT NULL,
	"generated_amount" integer DEFAULT 0 NOT NULL,
	"account_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"coupon_token" text,
	"coupon_token_effective_date" timestamp with time zone,
	"coupon_token_expire_date" timestamp with time zone,
	"remark" text,
	"job_id" integer,
	"operator_account" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"coupon_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_coupon_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"coupon_uuid" text NOT NULL,
	"coupon_batch_id" bigint NOT NULL,
	"generate_record_id" bigint,
	"seq" integer,
	"account_id" text,
	"status" text NOT NULL,
	"coupon_channel" text NOT NULL,
	"effective_date" timestamp with time zone,
	"expire_date" timestamp with time zone,
	"bind_date" timestamp with time zone,
	"consume_date" timestamp with time zone,
	"order_id" text,
	"wbs_code" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_bind_records" ADD CONSTRAINT "coupon_bind_records_coupon_id_coupons_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("coupon_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_generate_records" ADD CONSTRAINT "coupon_generate_records_coupon_batch_id_coupon_batches_coupon_batch_id_fk" FOREIGN KEY ("coupon_batch_id") REFERENCES "public"."coupon_batches"("coupon_batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_coupon_batch_id_coupon_batches_coupon_batch_id_fk" FOREIGN KEY ("coupon_batch_id") REFERENCES "public"."coupon_batches"("coupon_batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_generate_record_id_coupon_generate_records_generate_record_id_fk" FOREIGN KEY ("generate_record_id") REFERENCES "public"."coupon_generate_records"("generate_record_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_abandon_records_time_idx" ON "coupon_abandon_records" USING btree ("tenant","create_time" DESC NULLS LAST,"coupon_abandon_record_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_batches_time_idx" ON "coupon_batches" USING btree ("tenant","create_time" DESC NULLS LAST,"coupon_batch_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_batches_name_idx" ON "coupon_batches" USING btree ("tenant","batch_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "coupon_bind_records_account_idx" ON "coupon_bind_records" USING btree ("tenant","account_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_bind_records_batch_idx" ON "coupon_bind_records" USING btree ("coupon_batch_id","account_id");--> statement-breakpoint
CREATE INDEX "coupon_bind_records_time_idx" ON "coupon_bind_records" USING btree ("tenant","create_time" DESC NULLS LAST,"bind_record_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_custom_tags_value_idx" ON "coupon_custom_tags" USING btree ("tenant","tag_value");--> statement-breakpoint
CREATE INDEX "coupon_generate_records_time_idx" ON "coupon_generate_records" USING btree ("tenant","create_time" DESC NULLS LAST,"generate_record_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_generate_records_batch_idx" ON "coupon_generate_records" USING btree ("coupon_batch_id","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_generate_records_token_idx" ON "coupon_generate_records" USING btree ("coupon_token") WHERE "coupon_generate_records"."coupon_token" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_uuid_idx" ON "coupons" USING btree ("coupon_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_record_seq_idx" ON "coupons" USING btree ("generate_record_id","seq") WHERE "coupons"."seq" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_order_idx" ON "coupons" USING btree ("tenant","order_id") WHERE "coupons"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "coupons_account_idx" ON "coupons" USING btree ("tenant","account_id","create_time" DESC NULLS LAST) WHERE "coupons"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "coupons_batch_idx" ON "coupons" USING btree ("coupon_batch_id","status");--> statement-breakpoint
CREATE INDEX "coupons_batch_code_idx" ON "coupons" USING btree ("coupon_batch_id","coupon_id");--> statement-breakpoint
CREATE INDEX "coupons_time_idx" ON "coupons" USING btree ("tenant","create_time" DESC NULLS LAST,"coupon_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupons_expiry_idx" ON "coupons" USING btree ("expire_date") WHERE "coupons"."status" in ('created', 'assigned');