CREATE TABLE "stripe_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"last_event_id" text NOT NULL,
	"state" varchar(30) NOT NULL,
	"ended" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_subscriptions" ADD CONSTRAINT "stripe_subscriptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;