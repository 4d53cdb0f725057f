CREATE TABLE "activities" (
	"activity_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"activity_type" text NOT NULL,
	"activity_name" text NOT NULL,
	"activity_description" text,
	"state" text DEFAULT 'created' NOT NULL,
	"begin_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"cover_image" text,
	"reward_slogan" text,
	"activity_link" text,
	"business_module" text,
	"activity_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"charging_discount_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"effect_operator_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creator_id" integer NOT NULL,
	"creator_name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_rewards" (
	"reward_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_rewards_reward_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"activity_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"reward_kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_station_awards" (
	"relation_id" bigint NOT NULL,
	"degree" double precision NOT NULL,
	"coupon_batch_id" bigint NOT NULL,
	"total_amount" integer NOT NULL,
	"issue_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_station_awards_relation_id_degree_pk" PRIMARY KEY("relation_id","degree")
);
--> statement-breakpoint
CREATE TABLE "activity_stations" (
	"relation_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_stations_relation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"activity_id" bigint NOT NULL,
	"resource_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"surplus_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_rewards" ADD CONSTRAINT "activity_rewards_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_station_awards" ADD CONSTRAINT "activity_station_awards_relation_id_activity_stations_relation_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."activity_stations"("relation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_stations" ADD CONSTRAINT "activity_stations_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING btree ("tenant","created_at","activity_id");--> statement-breakpoint
CREATE INDEX "activities_window_idx" ON "activities" USING btree ("tenant","state","end_time");--> statement-breakpoint
CREATE INDEX "activity_rewards_activity_idx" ON "activity_rewards" USING btree ("activity_id","reward_kind","given_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_stations_station_idx" ON "activity_stations" USING btree ("activity_id","resource_id");--> statement-breakpoint
CREATE INDEX "activity_stations_resource_idx" ON "activity_stations" USING btree ("tenant","resource_id");