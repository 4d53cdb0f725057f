CREATE TABLE "dict_entries" (
	"dict_id" serial PRIMARY KEY NOT NULL,
	"dict_type_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"dict_type_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "resource_notifications" (
	"notification_id" bigserial PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"notification" text NOT NULL,
	"show_time_begin" timestamp with time zone NOT NULL,
	"show_time_end" timestamp with time zone NOT NULL,
	"range" text,
	"url" text,
	"type" text NOT NULL,
	"created_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_owners" (
	"equipment_owner_id" text PRIMARY KEY NOT NULL,
	"equipment_owner_name" text NOT NULL,
	"organization_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"operator_id" text PRIMARY KEY NOT NULL,
	"operator_name" text NOT NULL,
	"operator_organization_code" text,
	"equipment_owner_id" text,
	"controlled_by_nio" boolean DEFAULT false NOT NULL,
	"is_shared_power" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_operator_id" text NOT NULL,
	"sub_operator_name" text NOT NULL,
	"organization_code" text NOT NULL,
	"service_tel" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_pictures" (
	"picture_id" bigserial PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"picture_source_id" smallint NOT NULL,
	"picture_scene_id" smallint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"app_visible" boolean DEFAULT true NOT NULL,
	"original_file_id" text NOT NULL,
	"small_file_id" text NOT NULL,
	"middle_file_id" text NOT NULL,
	"large_file_id" text NOT NULL,
	"operation_ext_data" jsonb,
	"created_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_stations" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"station_type" smallint,
	"group_type" text,
	"charger_type" text,
	"timezone" text NOT NULL,
	"service_tel" text,
	"business_hours" jsonb NOT NULL,
	"electricity_fee" jsonb NOT NULL,
	"service_fee" jsonb NOT NULL,
	"park_fee_modify" boolean DEFAULT false NOT NULL,
	"park_fee_tag" text,
	"park_fee_origin" text,
	"payment" text,
	"match_cars" text,
	"park_numbers" integer,
	"park_info" text,
	"support_power_north" boolean DEFAULT false NOT NULL,
	"charging_map_online" boolean DEFAULT true NOT NULL,
	"one_click_charging_online" boolean DEFAULT true NOT NULL,
	"is_scannable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"connector_id" text PRIMARY KEY NOT NULL,
	"equipment_id" text NOT NULL,
	"connector_type" smallint NOT NULL,
	"voltage_upper_limits" integer,
	"current" integer,
	"power" double precision NOT NULL,
	"national_standard" smallint,
	"status" text DEFAULT 'free' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipments" (
	"equipment_id" text PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"equipment_type" text NOT NULL,
	"equipment_lng" double precision,
	"equipment_lat" double precision,
	"power" double precision NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"resource_name" text NOT NULL,
	"description" text,
	"remark" text,
	"picture_app_visible" boolean DEFAULT true NOT NULL,
	"operator_id" text,
	"equipment_owner_id" text,
	"recommendation_code" text,
	"region_id" text,
	"city_id" text,
	"province_id" text,
	"address" text,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"status" smallint DEFAULT 50 NOT NULL,
	"construction" smallint,
	"guide" text,
	"active" boolean DEFAULT true NOT NULL,
	"biz_scene_codes" integer[] DEFAULT '{}' NOT NULL,
	"commentary_number" integer DEFAULT 0 NOT NULL,
	"focused_commentary_number" integer DEFAULT 0 NOT NULL,
	"worksheet_number" integer DEFAULT 0 NOT NULL,
	"open_worksheet_number" integer DEFAULT 0 NOT NULL,
	"basic_info_update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swap_stations" (
	"resource_id" text PRIMARY KEY NOT NULL,
	"registration_code" text,
	"software_version" text,
	"hardware_version" text,
	"firmware_version" text,
	"park_no" text,
	"park_info" text,
	"park_fee_tag" text,
	"park_fee_modify" boolean DEFAULT false NOT NULL,
	"charger_total_number_ac" integer DEFAULT 0 NOT NULL,
	"charger_free_number_ac" integer DEFAULT 0 NOT NULL,
	"charger_total_number_dc" integer DEFAULT 0 NOT NULL,
	"charger_free_number_dc" integer DEFAULT 0 NOT NULL,
	"charging_power_total_min" double precision,
	"charging_power_total_max" double precision,
	"work_line" text,
	"work_line_update_reason" text,
	"has_clone" boolean DEFAULT false NOT NULL,
	"clone_longitude" double precision,
	"clone_latitude" double precision,
	"clone_description" text,
	"device_supervisor" text,
	"deputy_region" text,
	"deputy_region_id" text,
	"device_supplier" text,
	"followers" text[] DEFAULT '{}' NOT NULL,
	"user_id" text,
	"user_name" text,
	"opening_hours" jsonb NOT NULL,
	"swap_queue_adjust" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worksheets" (
	"worksheet_id" bigserial PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"tenant" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"creator_user_id" integer,
	"creator_name" text NOT NULL,
	"closed_by_name" text,
	"close_remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "dict_entries" ADD CONSTRAINT "dict_entries_dict_type_id_dict_types_dict_type_id_fk" FOREIGN KEY ("dict_type_id") REFERENCES "public"."dict_types"("dict_type_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_notifications" ADD CONSTRAINT "resource_notifications_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_equipment_owner_id_equipment_owners_equipment_owner_id_fk" FOREIGN KEY ("equipment_owner_id") REFERENCES "public"."equipment_owners"("equipment_owner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_pictures" ADD CONSTRAINT "resource_pictures_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_pictures" ADD CONSTRAINT "resource_pictures_original_file_id_stored_files_id_fk" FOREIGN KEY ("original_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_pictures" ADD CONSTRAINT "resource_pictures_small_file_id_stored_files_id_fk" FOREIGN KEY ("small_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_pictures" ADD CONSTRAINT "resource_pictures_middle_file_id_stored_files_id_fk" FOREIGN KEY ("middle_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_pictures" ADD CONSTRAINT "resource_pictures_large_file_id_stored_files_id_fk" FOREIGN KEY ("large_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_stations" ADD CONSTRAINT "charge_stations_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_equipment_id_equipments_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipments"("equipment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipments" ADD CONSTRAINT "equipments_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_operator_id_operators_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("operator_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_equipment_owner_id_equipment_owners_equipment_owner_id_fk" FOREIGN KEY ("equipment_owner_id") REFERENCES "public"."equipment_owners"("equipment_owner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_stations" ADD CONSTRAINT "swap_stations_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worksheets" ADD CONSTRAINT "worksheets_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dict_entries_type_code_key" ON "dict_entries" USING btree ("dict_type_id","code");--> statement-breakpoint
CREATE INDEX "dict_entries_type_sort_idx" ON "dict_entries" USING btree ("dict_type_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_types_code_key" ON "dict_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "resource_notifications_resource_idx" ON "resource_notifications" USING btree ("resource_id","show_time_begin");--> statement-breakpoint
CREATE INDEX "operators_equipment_owner_idx" ON "operators" USING btree ("equipment_owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_operators_name_key" ON "sub_operators" USING btree ("sub_operator_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_operators_id_key" ON "sub_operators" USING btree ("sub_operator_id");--> statement-breakpoint
CREATE INDEX "resource_pictures_resource_idx" ON "resource_pictures" USING btree ("resource_id","deleted","picture_id");--> statement-breakpoint
CREATE INDEX "connectors_equipment_idx" ON "connectors" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "equipments_resource_idx" ON "equipments" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resources_update_time_idx" ON "resources" USING btree ("basic_info_update_time" DESC NULLS LAST,"resource_id");--> statement-breakpoint
CREATE INDEX "resources_type_idx" ON "resources" USING btree ("resource_type","basic_info_update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resources_operator_idx" ON "resources" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "resources_owner_idx" ON "resources" USING btree ("equipment_owner_id");--> statement-breakpoint
CREATE INDEX "resources_region_idx" ON "resources" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "resources_city_idx" ON "resources" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "resources_location_idx" ON "resources" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "worksheets_resource_idx" ON "worksheets" USING btree ("resource_id","worksheet_id");--> statement-breakpoint
CREATE INDEX "worksheets_status_idx" ON "worksheets" USING btree ("status","worksheet_id");