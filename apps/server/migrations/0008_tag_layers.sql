DROP INDEX "resource_tags_resource_tag_key";--> statement-breakpoint
ALTER TABLE "resource_tags" ADD COLUMN "cmo_tenant" text;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_tags_resource_tag_layer_key" ON "resource_tags" USING btree ("resource_id","tag_id",("degree" > 1));