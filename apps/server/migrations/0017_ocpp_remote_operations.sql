CREATE TABLE "charge_meter_values" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charge_point_id" text NOT NULL,
	"connector_no" smallint NOT NULL,
	"transaction_id" integer,
	"sampled_at" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_point_connectors" (
	"charge_point_id" text NOT NULL,
	"connector_no" smallint NOT NULL,
	"connector_id" text,
	"status" text NOT NULL,
	"error_code" text DEFAULT 'NoError' NOT NULL,
	"detail" jsonb,
	"status_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_point_connectors_charge_point_id_connector_no_pk" PRIMARY KEY("charge_point_id","connector_no")
);
--> statement-breakpoint
CREATE TABLE "charge_point_presence" (
	"charge_point_id" text PRIMARY KEY NOT NULL,
	"process_id" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_points" (
	"charge_point_id" text PRIMARY KEY NOT NULL,
	"resource_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_set_by" text NOT NULL,
	"vendor" text,
	"model" text,
	"serial_number" text,
	"firmware_version" text,
	"boot_info" jsonb,
	"boot_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"diagnostics_status" text,
	"diagnostics_status_at" timestamp with time zone,
	"firmware_status" text,
	"firmware_status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_sessions" (
	"transaction_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charge_sessions_transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"charge_point_id" text NOT NULL,
	"connector_no" smallint NOT NULL,
	"id_tag" text NOT NULL,
	"authorization" text NOT NULL,
	"meter_start_wh" integer NOT NULL,
	"meter_stop_wh" integer,
	"last_meter_wh" integer,
	"last_meter_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"remote_operation_log_id" bigint
);
--> statement-breakpoint
CREATE TABLE "portal_processes" (
	"process_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_operation_logs" (
	"remote_operation_log_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_operation_logs_remote_operation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"resource_id" text NOT NULL,
	"charge_point_id" text NOT NULL,
	"connector_no" smallint,
	"operator_type" text NOT NULL,
	"operation_type" text NOT NULL,
	"operator" text NOT NULL,
	"operator_user_id" integer,
	"command_id" text,
	"command" text NOT NULL,
	"command_info" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"answer" jsonb,
	"upgrade_info" jsonb,
	"charge_session_id" text,
	"progress" text,
	"percentage" smallint,
	"campaign_id" bigint,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_campaigns" (
	"campaign_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upgrade_campaigns_campaign_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"upgrade_package_id" bigint NOT NULL,
	"charge_point_ids" text[] NOT NULL,
	"job_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_packages" (
	"upgrade_package_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upgrade_packages_upgrade_package_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"package_type" text NOT NULL,
	"version" text NOT NULL,
	"release_note" text,
	"action" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"md5" text NOT NULL,
	"editable" boolean DEFAULT true NOT NULL,
	"is_promotion" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_meter_values" ADD CONSTRAINT "charge_meter_values_charge_point_id_charge_points_charge_point_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("charge_point_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_connectors" ADD CONSTRAINT "charge_point_connectors_charge_point_id_charge_points_charge_point_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("charge_point_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_point_presence" ADD CONSTRAINT "charge_point_presence_charge_point_id_charge_points_charge_point_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("charge_point_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_points" ADD CONSTRAINT "charge_points_charge_point_id_equipments_equipment_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."equipments"("equipment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_points" ADD CONSTRAINT "charge_points_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_sessions" ADD CONSTRAINT "charge_sessions_charge_point_id_charge_points_charge_point_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("charge_point_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_campaigns" ADD CONSTRAINT "upgrade_campaigns_upgrade_package_id_upgrade_packages_upgrade_package_id_fk" FOREIGN KEY ("upgrade_package_id") REFERENCES "public"."upgrade_packages"("upgrade_package_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_meter_values_session_idx" ON "charge_meter_values" USING btree ("transaction_id","sampled_at");--> statement-breakpoint
CREATE INDEX "charge_meter_values_received_idx" ON "charge_meter_values" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "charge_points_resource_idx" ON "charge_points" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "charge_sessions_point_idx" ON "charge_sessions" USING btree ("charge_point_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "charge_sessions_open_idx" ON "charge_sessions" USING btree ("charge_point_id","connector_no") WHERE stopped_at is null;--> statement-breakpoint
CREATE INDEX "remote_operation_logs_resource_idx" ON "remote_operation_logs" USING btree ("resource_id","create_at" DESC NULLS LAST,"remote_operation_log_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "remote_operation_logs_time_idx" ON "remote_operation_logs" USING btree ("create_at" DESC NULLS LAST,"remote_operation_log_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "remote_operation_logs_point_idx" ON "remote_operation_logs" USING btree ("charge_point_id","create_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "remote_operation_logs_session_idx" ON "remote_operation_logs" USING btree ("charge_session_id");--> statement-breakpoint
CREATE INDEX "remote_operation_logs_campaign_idx" ON "remote_operation_logs" USING btree ("campaign_id","charge_point_id");--> statement-breakpoint
CREATE INDEX "remote_operation_logs_open_idx" ON "remote_operation_logs" USING btree ("charge_point_id","operation_type") WHERE status in (0, 3);--> statement-breakpoint
CREATE INDEX "upgrade_campaigns_package_idx" ON "upgrade_campaigns" USING btree ("upgrade_package_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_packages_version_idx" ON "upgrade_packages" USING btree ("tenant","package_type","version");--> statement-breakpoint
CREATE INDEX "upgrade_packages_time_idx" ON "upgrade_packages" USING btree ("tenant","create_time" DESC NULLS LAST,"upgrade_package_id" DESC NULLS LAST);