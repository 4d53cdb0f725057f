CREATE TABLE "accounts" (
	"tenant" text NOT NULL,
	"account_id" text NOT NULL,
	"channel_code" text,
	"channel_user_id" text,
	"country_code" text DEFAULT '86' NOT NULL,
	"mobile" text,
	"avatar" text,
	"name" text,
	"nick_name" text,
	"is_default_nickname" boolean DEFAULT false NOT NULL,
	"gender" text DEFAULT 'unknown' NOT NULL,
	"birthday" date,
	"usual_city_code" text,
	"email" text,
	"app_id" text,
	"source_code" text,
	"uds_user_id" text,
	"medal_image" text,
	"intro" text,
	"is_delete" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"update_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_tenant_account_id_pk" PRIMARY KEY("tenant","account_id")
);
--> statement-breakpoint
CREATE TABLE "personal_cars" (
	"tenant" text NOT NULL,
	"vehicle_id" text NOT NULL,
	"user_id" text NOT NULL,
	"plate_number" text,
	"color" text,
	"model_id" text,
	"brand" text,
	"model" text,
	"model_series" text,
	"rated_capacity_in_ah" double precision,
	"rated_capacity_in_kwh" double precision,
	"rated_range" integer,
	"binding_status" text DEFAULT 'bound' NOT NULL,
	"is_pm_supported" boolean DEFAULT false NOT NULL,
	"is_ps_supported" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"update_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_cars_tenant_vehicle_id_pk" PRIMARY KEY("tenant","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "app_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_paths" (
	"path_id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"account_id" text NOT NULL,
	"vehicle_id" text,
	"vehicle_model" text,
	"rated_range" integer NOT NULL,
	"current_range" integer NOT NULL,
	"search_time" timestamp with time zone DEFAULT now() NOT NULL,
	"orig_name" text NOT NULL,
	"dest_name" text NOT NULL,
	"tag" text NOT NULL,
	"distance" integer NOT NULL,
	"duration" integer NOT NULL,
	"status" text NOT NULL,
	"locations" jsonb NOT NULL,
	"routes" jsonb NOT NULL,
	"commentary_rating" smallint,
	"commentary_text" text,
	"commentary_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"invitation_id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"user_id" text NOT NULL,
	"inviter_id" text NOT NULL,
	"invite_status" text NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"update_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relations" (
	"relation_id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"resource_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_origin_id" text,
	"account_id" text NOT NULL,
	"relation_type" text NOT NULL,
	"bind_reason" text,
	"state" text DEFAULT 'bind' NOT NULL,
	"unbind_reason" text,
	"bind_time" timestamp with time zone DEFAULT now() NOT NULL,
	"unbind_time" timestamp with time zone,
	"source" text NOT NULL,
	"bound_by" text,
	"unbound_by" text
);
--> statement-breakpoint
ALTER TABLE "app_clients" ADD CONSTRAINT "app_clients_client_id_signed_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."signed_clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relations" ADD CONSTRAINT "relations_resource_id_resources_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_mobile_idx" ON "accounts" USING btree ("tenant","mobile");--> statement-breakpoint
CREATE INDEX "accounts_nick_name_idx" ON "accounts" USING btree ("tenant","nick_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "accounts_name_idx" ON "accounts" USING btree ("tenant","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "personal_cars_user_idx" ON "personal_cars" USING btree ("tenant","user_id");--> statement-breakpoint
CREATE INDEX "charging_paths_time_idx" ON "charging_paths" USING btree ("tenant","search_time","path_id");--> statement-breakpoint
CREATE INDEX "charging_paths_account_idx" ON "charging_paths" USING btree ("tenant","account_id","search_time");--> statement-breakpoint
CREATE INDEX "charging_paths_rating_idx" ON "charging_paths" USING btree ("tenant","commentary_rating","search_time");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_external_idx" ON "invitations" USING btree ("tenant","kind","external_id");--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("tenant","kind","inviter_id");--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" USING btree ("tenant","kind","user_id");--> statement-breakpoint
CREATE INDEX "invitations_time_idx" ON "invitations" USING btree ("tenant","kind","create_time","invitation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "relations_bound_idx" ON "relations" USING btree ("resource_id","account_id","relation_type") WHERE "relations"."state" = 'bind';--> statement-breakpoint
CREATE INDEX "relations_account_idx" ON "relations" USING btree ("tenant","account_id","relation_id");--> statement-breakpoint
CREATE INDEX "relations_resource_idx" ON "relations" USING btree ("resource_id","relation_id");--> statement-breakpoint
CREATE INDEX "relations_tenant_idx" ON "relations" USING btree ("tenant","relation_id");