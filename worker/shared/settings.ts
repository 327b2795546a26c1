// The member's settings by topic, each section at an address of its own (/app/settings/<section>): the client's
// routes and the worker's links (email footers, the unsubscribe page, notifications) are built from these.

export const SETTINGS_PATH = "/app/settings";

export const SETTINGS_SECTIONS = ["notifications", "membership", "privacy", "devices", "calendar", "data"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** A section's address. */
export const settingsPath = <S extends SettingsSection>(section: S) => `${SETTINGS_PATH}/${section}` as const;
