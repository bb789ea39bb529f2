-- TOTP secrets are stored encrypted (enc:v1:<key id>:<IV, tag and ciphertext>, 96 characters for a
-- 32-character secret); the start-up step encrypts the plain ones left before (modules/operators/totp-secrets.ts).
ALTER TABLE "operators" ALTER COLUMN "totp_secret" SET DATA TYPE varchar(128);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "totp_secret" SET DATA TYPE varchar(128);