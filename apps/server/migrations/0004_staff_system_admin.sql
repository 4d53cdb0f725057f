ALTER TABLE "staff_users" ADD COLUMN "system_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The bootstrap account is always named admin (staff.bootstrap.ts).
UPDATE "staff_users" SET "system_admin" = true WHERE "user_name" = 'admin';