ALTER TABLE "tag_groups" ADD COLUMN "enable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD COLUMN "recommendation_tag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD COLUMN "recommendation_text" text;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD COLUMN "remark" text;--> statement-breakpoint
UPDATE "tag_groups" SET "recommendation_tag" = true WHERE "code" = 'resource_recommendation_info';
