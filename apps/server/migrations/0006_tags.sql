CREATE TABLE "resource_tags" (
	"resource_tag_id" serial PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"tag_id" integer NOT NULL,
	"value" text,
	"degree" smallint DEFAULT 1 NOT NULL,
	"expire" boolean DEFAULT false NOT NULL,
	"expire_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_categories" (
	"tag_category_id" serial PRIMARY KEY NOT NULL,
	"code" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_groups" (
	"tag_group_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"tag_category_id" integer NOT NULL,
	"tag_provider_id" integer NOT NULL,
	"biz_code" text NOT NULL,
	"input_type" text NOT NULL,
	"unit" text,
	"min_value" double precision,
	"max_value" double precision,
	"manual_update_allowed" boolean NOT NULL,
	"relation_group_code" text,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_providers" (
	"tag_provider_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_tooltips" (
	"tag_group_id" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"tag_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"tag_group_id" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_tags" ADD CONSTRAINT "resource_tags_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_tags" ADD CONSTRAINT "resource_tags_tag_id_tags_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("tag_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD CONSTRAINT "tag_groups_tag_category_id_tag_categories_tag_category_id_fk" FOREIGN KEY ("tag_category_id") REFERENCES "public"."tag_categories"("tag_category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD CONSTRAINT "tag_groups_tag_provider_id_tag_providers_tag_provider_id_fk" FOREIGN KEY ("tag_provider_id") REFERENCES "public"."tag_providers"("tag_provider_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_tooltips" ADD CONSTRAINT "tag_tooltips_tag_group_id_tag_groups_tag_group_id_fk" FOREIGN KEY ("tag_group_id") REFERENCES "public"."tag_groups"("tag_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tag_group_id_tag_groups_tag_group_id_fk" FOREIGN KEY ("tag_group_id") REFERENCES "public"."tag_groups"("tag_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_tags_resource_tag_key" ON "resource_tags" USING btree ("resource_id","tag_id");--> statement-breakpoint
CREATE INDEX "resource_tags_tag_idx" ON "resource_tags" USING btree ("tag_id","resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_categories_code_key" ON "tag_categories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_groups_code_key" ON "tag_groups" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tag_groups_biz_sort_idx" ON "tag_groups" USING btree ("biz_code","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_providers_code_key" ON "tag_providers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_code_key" ON "tags" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tags_group_idx" ON "tags" USING btree ("tag_group_id","priority");