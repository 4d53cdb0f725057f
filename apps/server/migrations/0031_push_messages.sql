CREATE TABLE "push_batches" (
	"batch_id" serial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"landing_page" text,
	"target_clients" jsonb NOT NULL,
	"rate_per_second" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"push_at" timestamp with time zone,
	"job_id" integer,
	"recipients" integer DEFAULT 0 NOT NULL,
	"creator" text,
	"updater" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_notifications" (
	"notification_id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"account_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"landing_page" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"channel" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_recipients" (
	"batch_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"channel" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"in_flight_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "push_recipients_batch_id_account_id_pk" PRIMARY KEY("batch_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "push_recipients" ADD CONSTRAINT "push_recipients_batch_id_push_batches_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."push_batches"("batch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_batches_created_idx" ON "push_batches" USING btree ("tenant","created_at","batch_id");--> statement-breakpoint
CREATE INDEX "push_batches_due_idx" ON "push_batches" USING btree ("push_at") WHERE "push_batches"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "push_notifications_account_idx" ON "push_notifications" USING btree ("tenant","account_id","notification_id");--> statement-breakpoint
CREATE INDEX "push_notifications_pending_idx" ON "push_notifications" USING btree ("tenant","notification_id") WHERE "push_notifications"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "push_recipients_state_idx" ON "push_recipients" USING btree ("batch_id","state","account_id");--> statement-breakpoint
CREATE INDEX "push_recipients_account_idx" ON "push_recipients" USING btree ("account_id","batch_id");