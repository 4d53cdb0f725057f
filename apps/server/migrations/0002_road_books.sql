CREATE TABLE "road_book_routes" (
	"road_book_id" bigint PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"plan_tag" text NOT NULL,
	"candidate_count" integer NOT NULL,
	"route" jsonb NOT NULL,
	"resources" jsonb NOT NULL,
	"filter" jsonb NOT NULL,
	"planned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "road_book_shares" (
	"token" text PRIMARY KEY NOT NULL,
	"road_book_id" bigint NOT NULL,
	"tenant" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "road_books" (
	"road_book_id" bigserial PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"name" text,
	"origin_point" jsonb NOT NULL,
	"destination_point" jsonb NOT NULL,
	"start_address" text,
	"end_address" text,
	"waypoints" jsonb NOT NULL,
	"waypoint_resource_seq" jsonb NOT NULL,
	"current_range" double precision NOT NULL,
	"max_range" double precision NOT NULL,
	"tactics" smallint NOT NULL,
	"cs_search_range" double precision NOT NULL,
	"max_detour_factor" double precision NOT NULL,
	"check_destination_resource" boolean DEFAULT false NOT NULL,
	"planning_resource_types" text[] NOT NULL,
	"start_region_id" text,
	"start_city_id" text,
	"start_province_id" text,
	"end_region_id" text,
	"end_city_id" text,
	"end_province_id" text,
	"road_length" double precision,
	"state" smallint DEFAULT 1 NOT NULL,
	"online_state" smallint DEFAULT 0 NOT NULL,
	"creator_user_id" integer,
	"creator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "road_book_routes" ADD CONSTRAINT "road_book_routes_road_book_id_road_books_road_book_id_fk" FOREIGN KEY ("road_book_id") REFERENCES "public"."road_books"("road_book_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "road_book_shares" ADD CONSTRAINT "road_book_shares_road_book_id_road_books_road_book_id_fk" FOREIGN KEY ("road_book_id") REFERENCES "public"."road_books"("road_book_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "road_book_shares_road_book_idx" ON "road_book_shares" USING btree ("road_book_id");--> statement-breakpoint
CREATE INDEX "road_books_tenant_created_idx" ON "road_books" USING btree ("tenant","created_at" DESC NULLS LAST,"road_book_id");--> statement-breakpoint
CREATE INDEX "road_books_tenant_start_idx" ON "road_books" USING btree ("tenant","start_region_id");--> statement-breakpoint
CREATE INDEX "road_books_tenant_end_idx" ON "road_books" USING btree ("tenant","end_region_id");