CREATE TABLE "login_known_addresses" (
	"email" varchar(255) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_known_addresses_email_ip_pk" PRIMARY KEY("email","ip")
);
--> statement-breakpoint
CREATE INDEX "login_known_addresses_seen_idx" ON "login_known_addresses" USING btree ("last_success_at");