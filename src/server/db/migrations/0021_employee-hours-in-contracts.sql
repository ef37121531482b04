ALTER TABLE "employees" DROP CONSTRAINT "employees_efficiency_range";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "efficiency";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "monday_hours";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "tuesday_hours";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "wednesday_hours";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "thursday_hours";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "friday_hours";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "saturday_hours";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "sunday_hours";--> statement-breakpoint
ALTER TABLE "employees" DROP COLUMN "default_hours";