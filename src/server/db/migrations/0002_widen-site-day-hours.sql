ALTER TABLE "day_changes" ALTER COLUMN "default_hours" SET DATA TYPE numeric(9, 2);--> statement-breakpoint
ALTER TABLE "day_changes" ALTER COLUMN "current_hours" SET DATA TYPE numeric(9, 2);--> statement-breakpoint
ALTER TABLE "day_changes" ALTER COLUMN "authorised_hours" SET DATA TYPE numeric(9, 2);