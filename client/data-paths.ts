// The paths and ids the router (in the app's shell) shares with the screens and components, kept out
// of the screens' data.ts modules so that naming a route does not pull its loader into the shell.
export const AUDIT_PAGE_PATH = "/data/admin/audit";
export const CALENDAR_FEED_PATH = "/data/calendar";
export const AI_CAPABILITIES_PATH = "/data/ai/capabilities";
export const MENTIONS_PATH = "/data/mentions";
export const REPORT_PATH = "/data/reports";
export const NOTIFICATIONS_PATH = "/data/notifications";
export const RESOURCES_PAGE_PATH = "/data/resources";
export const SEARCH_PATH = "/data/search";
/** The library's parent route (its tag list and total), read by the library screen. */
export const LIBRARY_ROUTE_ID = "library";
