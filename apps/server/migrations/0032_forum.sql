CREATE TABLE "forum_posts" (
	"post_id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"account_id" text NOT NULL,
	"post_type" smallint DEFAULT 0 NOT NULL,
	"post_topic" text,
	"topic_title" text,
	"title" text,
	"post_content" text NOT NULL,
	"plain_text" text NOT NULL,
	"image_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"docs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"public_status" smallint DEFAULT 1 NOT NULL,
	"portal_have_read" smallint DEFAULT 0 NOT NULL,
	"recommendation" smallint DEFAULT 0 NOT NULL,
	"self_private" smallint DEFAULT 0 NOT NULL,
	"portal_hidden" smallint DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"thumb_count" integer DEFAULT 0 NOT NULL,
	"illegal_words" text,
	"public_time" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_replies" (
	"reply_id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"post_id" bigint NOT NULL,
	"reply_level" smallint NOT NULL,
	"parent_reply_id" bigint,
	"from_account_id" text NOT NULL,
	"to_account_id" text,
	"reply_content" text NOT NULL,
	"reply_picture" text,
	"reply_source" text,
	"portal_have_read" smallint DEFAULT 0 NOT NULL,
	"self_private" smallint DEFAULT 0 NOT NULL,
	"portal_hidden" smallint DEFAULT 0 NOT NULL,
	"illegal_words" text,
	"reply_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_sensitive_words" (
	"word_id" serial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"word" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_settings" (
	"tenant" text PRIMARY KEY NOT NULL,
	"match_rule" text DEFAULT 'flag' NOT NULL,
	"words_version" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_thumbs" (
	"post_id" bigint NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_thumbs_post_id_account_id_pk" PRIMARY KEY("post_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "forum_replies" ADD CONSTRAINT "forum_replies_post_id_forum_posts_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thumbs" ADD CONSTRAINT "forum_thumbs_post_id_forum_posts_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_posts_time_idx" ON "forum_posts" USING btree ("tenant","public_time","post_id");--> statement-breakpoint
CREATE INDEX "forum_posts_account_idx" ON "forum_posts" USING btree ("tenant","account_id");--> statement-breakpoint
CREATE INDEX "forum_posts_app_read_idx" ON "forum_posts" USING btree ("tenant","recommendation","public_time","post_id") WHERE "forum_posts"."public_status" = 1 and "forum_posts"."portal_hidden" = 0 and "forum_posts"."self_private" = 0;--> statement-breakpoint
CREATE INDEX "forum_replies_time_idx" ON "forum_replies" USING btree ("tenant","reply_time","reply_id");--> statement-breakpoint
CREATE INDEX "forum_replies_post_idx" ON "forum_replies" USING btree ("post_id","reply_time","reply_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_sensitive_words_word_idx" ON "forum_sensitive_words" USING btree ("tenant",lower("word"));--> statement-breakpoint
CREATE INDEX "forum_sensitive_words_created_idx" ON "forum_sensitive_words" USING btree ("tenant","created_at","word_id");