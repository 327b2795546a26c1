CREATE TABLE `webpay_emulator_transactions` (
	`token` text PRIMARY KEY NOT NULL,
	`buy_order` text NOT NULL,
	`session_id` text NOT NULL,
	`amount` integer NOT NULL,
	`return_url` text NOT NULL,
	`status` text DEFAULT 'INITIALIZED' NOT NULL,
	`response_code` integer,
	`authorization_code` text,
	`committed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
