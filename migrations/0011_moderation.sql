-- The local payment emulator's tables leave the production databases: the emulator creates them itself,
-- on a local host only, when it first needs them (worker/payments/emulatorTables.ts).
DROP TABLE IF EXISTS `emulator_sessions`;--> statement-breakpoint
DROP TABLE IF EXISTS `emulator_subscriptions`;--> statement-breakpoint
DROP TABLE IF EXISTS `emulator_refunds`;
