DROP INDEX "remote_operation_logs_point_idx";--> statement-breakpoint
DROP INDEX "road_books_tenant_created_idx";--> statement-breakpoint
DROP INDEX "staff_users_created_at_idx";--> statement-breakpoint
DROP INDEX "resources_update_time_idx";--> statement-breakpoint
DROP INDEX "resources_type_idx";--> statement-breakpoint
DROP INDEX "upgrade_campaigns_package_idx";--> statement-breakpoint
CREATE INDEX "road_book_routes_tenant_planned_idx" ON "road_book_routes" USING btree ("tenant","planned_at","road_book_id");--> statement-breakpoint
CREATE INDEX "remote_operation_logs_point_idx" ON "remote_operation_logs" USING btree ("charge_point_id","create_at" DESC NULLS LAST,"remote_operation_log_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "road_books_tenant_created_idx" ON "road_books" USING btree ("tenant","created_at","road_book_id");--> statement-breakpoint
CREATE INDEX "staff_users_created_at_idx" ON "staff_users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "resources_update_time_idx" ON "resources" USING btree ("basic_info_update_time" DESC NULLS LAST,"resource_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resources_type_idx" ON "resources" USING btree ("resource_type","basic_info_update_time" DESC NULLS LAST,"resource_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "upgrade_campaigns_package_idx" ON "upgrade_campaigns" USING btree ("upgrade_package_id","created_at" DESC NULLS LAST,"campaign_id" DESC NULLS LAST);