CREATE TABLE "comment_replies" (
	"reply_id" bigserial PRIMARY KEY NOT NULL,
	"commentary_id" bigint NOT NULL,
	"text" text NOT NULL,
	"user_type" text DEFAULT 'staff' NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_vendors" (
	"application_id" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"application_name" text NOT NULL,
	"description" text,
	"source_id" text NOT NULL,
	"callback_url" text,
	"state" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"commentary_id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"application_id" text,
	"external_id" text,
	"resource_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"commentary_time" timestamp with time zone NOT NULL,
	"commentary_text" text,
	"commentary_tags" text[] DEFAULT '{}' NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_id" text NOT NULL,
	"user_name" text,
	"user_nickname" text,
	"user_mobile" text,
	"user_role" text,
	"client" text NOT NULL,
	"charge_order" text,
	"charge_station_id" text,
	"scene" text NOT NULL,
	"quality" text DEFAULT 'normal' NOT NULL,
	"thumbs" integer DEFAULT 0 NOT NULL,
	"top" boolean DEFAULT false NOT NULL,
	"focused" boolean DEFAULT false NOT NULL,
	"dropped_by_admin" boolean DEFAULT false NOT NULL,
	"dropped_by_user" boolean DEFAULT false NOT NULL,
	"account_cancellation" boolean DEFAULT false NOT NULL,
	"app_visible" boolean DEFAULT true NOT NULL,
	"high_quality_reward_success" boolean DEFAULT false NOT NULL,
	"detail" text,
	"remark" text,
	"charging_speed" text,
	"vehicle_name" text,
	"reply_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"tenant" text NOT NULL,
	"public_key" text NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"key_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_request_nonces" (
	"client_id" text NOT NULL,
	"nonce" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signed_request_nonces_client_id_nonce_pk" PRIMARY KEY("client_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_commentary_id_comments_commentary_id_fk" FOREIGN KEY ("commentary_id") REFERENCES "public"."comments"("commentary_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_application_id_comment_vendors_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."comment_vendors"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comment_replies_official_idx" ON "comment_replies" USING btree ("commentary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_vendors_source_idx" ON "comment_vendors" USING btree ("tenant","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_external_idx" ON "comments" USING btree ("application_id","external_id");--> statement-breakpoint
CREATE INDEX "comments_tenant_time_idx" ON "comments" USING btree ("tenant","commentary_time" DESC NULLS LAST,"commentary_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_resource_time_idx" ON "comments" USING btree ("resource_id","commentary_time" DESC NULLS LAST,"commentary_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_account_idx" ON "comments" USING btree ("tenant","account_id","commentary_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_mobile_idx" ON "comments" USING btree ("tenant","user_mobile");--> statement-breakpoint
CREATE INDEX "signed_request_nonces_seen_idx" ON "signed_request_nonces" USING btree ("seen_at");