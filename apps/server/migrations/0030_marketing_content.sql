CREATE TABLE "config_items" (
	"item_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_items_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"namespace_id" bigint NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"comment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_namespaces" (
	"namespace_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_namespaces_namespace_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"namespace_name" text NOT NULL,
	"comment" text,
	"notification_id" bigint DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_releases" (
	"release_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_releases_release_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"namespace_id" bigint NOT NULL,
	"tenant" text NOT NULL,
	"notification_id" bigint NOT NULL,
	"release_key" text NOT NULL,
	"release_title" text NOT NULL,
	"release_comment" text,
	"items" jsonb NOT NULL,
	"released_by" text NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rollback_of_release_id" bigint
);
--> statement-breakpoint
CREATE TABLE "group_chat_members" (
	"group_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"client_code" text NOT NULL,
	"invited_by" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_chat_members_group_id_account_id_pk" PRIMARY KEY("group_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "group_chat_notifications" (
	"notification_id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"group_id" integer NOT NULL,
	"batch_id" text NOT NULL,
	"account_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"client_code" text NOT NULL,
	"resource_id" text NOT NULL,
	"chat_switch" smallint DEFAULT 0 NOT NULL,
	"chat_id" text NOT NULL,
	"owner" text NOT NULL,
	"group_name" text NOT NULL,
	"group_intro" text,
	"group_cover" text,
	"chat_status" text DEFAULT 'NORMAL' NOT NULL,
	"member_num" integer DEFAULT 0 NOT NULL,
	"max_member_num" integer NOT NULL,
	"creator" text,
	"updater" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poster_resources" (
	"binding_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poster_resources_binding_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"poster_id" bigint NOT NULL,
	"tenant" text NOT NULL,
	"resource_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posters" (
	"poster_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "posters_poster_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"poster_name" text NOT NULL,
	"activity_id" bigint,
	"client_code" text NOT NULL,
	"business_module" text,
	"rule_id" integer NOT NULL,
	"visible" boolean NOT NULL,
	"priority" integer NOT NULL,
	"image" text NOT NULL,
	"link_type" integer DEFAULT 0 NOT NULL,
	"link_url" text,
	"link_url_view" text,
	"share_info_id" bigint,
	"description" text,
	"show_time_begin" timestamp with time zone NOT NULL,
	"show_time_end" timestamp with time zone NOT NULL,
	"title" text,
	"sub_title" text,
	"moments_share_info" jsonb,
	"weibo_share_info" jsonb,
	"region_info" text[] DEFAULT '{}' NOT NULL,
	"video_title" text,
	"video_url" text,
	"is_push" boolean DEFAULT false NOT NULL,
	"push_title" text,
	"config_type" text,
	"resource_scope" text,
	"creator_id" integer NOT NULL,
	"creator_name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_template_pictures" (
	"share_templet_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"file_id" text NOT NULL,
	CONSTRAINT "share_template_pictures_share_templet_id_position_pk" PRIMARY KEY("share_templet_id","position")
);
--> statement-breakpoint
CREATE TABLE "share_templates" (
	"share_templet_id" serial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"share_type" text NOT NULL,
	"share_info_id" text NOT NULL,
	"share_title" text NOT NULL,
	"description" text,
	"landing_page" text NOT NULL,
	"creator" text,
	"updater" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_items" ADD CONSTRAINT "config_items_namespace_id_config_namespaces_namespace_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."config_namespaces"("namespace_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_releases" ADD CONSTRAINT "config_releases_namespace_id_config_namespaces_namespace_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."config_namespaces"("namespace_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chat_members" ADD CONSTRAINT "group_chat_members_group_id_group_chats_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_chat_notifications" ADD CONSTRAINT "group_chat_notifications_group_id_group_chats_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."group_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poster_resources" ADD CONSTRAINT "poster_resources_poster_id_posters_poster_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."posters"("poster_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_template_pictures" ADD CONSTRAINT "share_template_pictures_share_templet_id_share_templates_share_templet_id_fk" FOREIGN KEY ("share_templet_id") REFERENCES "public"."share_templates"("share_templet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_template_pictures" ADD CONSTRAINT "share_template_pictures_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_items_key_idx" ON "config_items" USING btree ("namespace_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "config_namespaces_name_idx" ON "config_namespaces" USING btree ("tenant","namespace_name");--> statement-breakpoint
CREATE UNIQUE INDEX "config_releases_notification_idx" ON "config_releases" USING btree ("namespace_id","notification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "config_releases_key_idx" ON "config_releases" USING btree ("release_key");--> statement-breakpoint
CREATE INDEX "config_releases_time_idx" ON "config_releases" USING btree ("namespace_id","released_at" DESC NULLS LAST,"release_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "group_chat_members_joined_idx" ON "group_chat_members" USING btree ("group_id","joined_at","account_id");--> statement-breakpoint
CREATE INDEX "group_chat_notifications_group_idx" ON "group_chat_notifications" USING btree ("group_id","batch_id");--> statement-breakpoint
CREATE INDEX "group_chat_notifications_pending_idx" ON "group_chat_notifications" USING btree ("tenant","notification_id") WHERE "group_chat_notifications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "group_chats_station_client_idx" ON "group_chats" USING btree ("tenant","resource_id","client_code");--> statement-breakpoint
CREATE UNIQUE INDEX "group_chats_chat_id_idx" ON "group_chats" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "group_chats_created_idx" ON "group_chats" USING btree ("tenant","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "poster_resources_binding_idx" ON "poster_resources" USING btree ("poster_id","resource_id");--> statement-breakpoint
CREATE INDEX "poster_resources_resource_idx" ON "poster_resources" USING btree ("tenant","resource_id","poster_id");--> statement-breakpoint
CREATE INDEX "poster_resources_created_idx" ON "poster_resources" USING btree ("poster_id","created_at","binding_id");--> statement-breakpoint
CREATE INDEX "posters_created_idx" ON "posters" USING btree ("tenant","created_at","poster_id");--> statement-breakpoint
CREATE INDEX "posters_app_idx" ON "posters" USING btree ("tenant","rule_id","client_code","visible","priority","poster_id");--> statement-breakpoint
CREATE INDEX "share_template_pictures_file_idx" ON "share_template_pictures" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_templates_info_idx" ON "share_templates" USING btree ("tenant","share_info_id");--> statement-breakpoint
CREATE INDEX "share_templates_updated_idx" ON "share_templates" USING btree ("tenant","updated_at","share_templet_id");