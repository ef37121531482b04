-- Stripe's view of each subscription, read from Stripe on every event and daily (decision 104).
ALTER TABLE "stripe_subscriptions" ADD COLUMN "price_id" text;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "plan_type" varchar(20);--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "reads_started" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD COLUMN "read_applied" integer DEFAULT 0 NOT NULL;
