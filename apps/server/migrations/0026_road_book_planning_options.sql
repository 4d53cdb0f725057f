ALTER TABLE "road_books" ADD COLUMN "power_features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "road_books" ADD COLUMN "arrival_reserve" double precision;