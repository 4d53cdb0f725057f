CREATE TABLE "awards" (
	"award_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "awards_award_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"activity_id" bigint NOT NULL,
	"gift_bag_id" bigint,
	"award_type" text DEFAULT 'pe_coupon' NOT NULL,
	"award_code" text NOT NULL,
	"award_title" text NOT NULL,
	"award_sub_title" text,
	"award_image" text,
	"need_logistics" boolean DEFAULT false NOT NULL,
	"award_units" integer DEFAULT 1 NOT NULL,
	"award_amount" integer NOT NULL,
	"issue_amount" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_bags" (
	"gift_bag_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_bags_gift_bag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"activity_id" bigint NOT NULL,
	"description" text,
	"lottery_quota" integer NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lotteries" (
	"activity_id" bigint PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"claim_type" text DEFAULT 'random' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"draw_log_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_draws_draw_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"activity_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"request_id" text NOT NULL,
	"period" text NOT NULL,
	"gift_bag_id" bigint,
	"draw_state" text NOT NULL,
	"lose_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reward_progress" (
	"activity_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"scope" text NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "reward_progress_activity_id_account_id_scope_pk" PRIMARY KEY("activity_id","account_id","scope")
);
--> statement-breakpoint
CREATE TABLE "reward_records" (
	"record_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_records_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant" text NOT NULL,
	"activity_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"draw_log_id" bigint,
	"award_id" bigint,
	"reward_type" text NOT NULL,
	"reward_code" text,
	"reward_name" text NOT NULL,
	"reward_units" integer NOT NULL,
	"reward_state" integer DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"reissue_desc" text,
	"coupon_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resource_id" text,
	"resource_name" text,
	"vehicle_id" text,
	"ext_resource_type" text,
	"ext_resource_id" text,
	"event_key" text,
	"reward_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_gift_bag_id_gift_bags_gift_bag_id_fk" FOREIGN KEY ("gift_bag_id") REFERENCES "public"."gift_bags"("gift_bag_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_bags" ADD CONSTRAINT "gift_bags_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotteries" ADD CONSTRAINT "lotteries_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_progress" ADD CONSTRAINT "reward_progress_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_records" ADD CONSTRAINT "reward_records_activity_id_activities_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("activity_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_records" ADD CONSTRAINT "reward_records_draw_log_id_lottery_draws_draw_log_id_fk" FOREIGN KEY ("draw_log_id") REFERENCES "public"."lottery_draws"("draw_log_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "awards_activity_idx" ON "awards" USING btree ("activity_id","award_id");--> statement-breakpoint
CREATE INDEX "awards_gift_bag_idx" ON "awards" USING btree ("gift_bag_id");--> statement-breakpoint
CREATE INDEX "gift_bags_activity_idx" ON "gift_bags" USING btree ("activity_id","gift_bag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_request_idx" ON "lottery_draws" USING btree ("activity_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_period_idx" ON "lottery_draws" USING btree ("activity_id","account_id","period");--> statement-breakpoint
CREATE INDEX "lottery_draws_time_idx" ON "lottery_draws" USING btree ("tenant","created_at","draw_log_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_events_event_idx" ON "reward_events" USING btree ("tenant","event_id");--> statement-breakpoint
CREATE INDEX "reward_events_pending_idx" ON "reward_events" USING btree ("tenant","seq") WHERE "reward_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "reward_records_draw_idx" ON "reward_records" USING btree ("draw_log_id");--> statement-breakpoint
CREATE INDEX "reward_records_type_time_idx" ON "reward_records" USING btree ("tenant","reward_type","created_at","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_records_event_idx" ON "reward_records" USING btree ("activity_id","event_key");