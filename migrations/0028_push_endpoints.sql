-- Web Push endpoints are now only the browsers' push services' (worker/features/notifications/push/endpoint.ts), in one
-- normal form, and a member keeps at most 10 devices (NOTIFICATION_LIMITS.pushDevicesMax). Rows stored
-- before either rule are deleted here rather than rewritten: an endpoint outside the push services must
-- never be called, and a browser's own endpoint is already in normal form (lower-case host, no port, no
-- trailing dot, no credentials or fragment), so what is not came from elsewhere. A member whose browser
-- lost its row turns push on again from the profile. The hosts below are the rule as of this migration.
WITH stored AS (
	SELECT id, substr(endpoint, 9, instr(substr(endpoint, 9), '/') - 1) AS host
	FROM push_subscriptions
	WHERE endpoint GLOB 'https://*/*' AND endpoint NOT GLOB '*#*'
)
DELETE FROM push_subscriptions WHERE id NOT IN (
	SELECT id FROM stored
	-- GLOB is case-sensitive; the character class refuses upper case, ports and credentials.
	WHERE host NOT GLOB '*[^a-z0-9.-]*'
		AND (
			host = 'fcm.googleapis.com'
			OR host GLOB '*.push.services.mozilla.com'
			OR host GLOB '*.push.apple.com'
			OR host GLOB '*.notify.windows.com'
		)
);--> statement-breakpoint
-- Each member's newest 10 devices stay (the cap that subscribing enforces from now on).
DELETE FROM push_subscriptions WHERE id IN (
	SELECT id FROM (
		SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id DESC) AS newer
		FROM push_subscriptions
	)
	WHERE newer > 10
);
