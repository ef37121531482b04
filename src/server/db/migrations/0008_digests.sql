CREATE TABLE "app_secrets" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"status" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_notifications" ADD COLUMN "site_settings_record" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_saved_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."saved_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_slot_unique" ON "notification_deliveries" USING btree ("notification_id","slot_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_notifications_site_record_unique" ON "saved_notifications" USING btree ("site_id") WHERE "saved_notifications"."site_settings_record";