// The relational model (docs/spec.md §3), one file per area. Timestamps are integer milliseconds, surfaced as Date
// (serialised to ISO strings in JSON); JSON-encoded lists are stored as text, as the spec says.
export * from "./accounts";
export * from "./chat";
export * from "./events";
export * from "./library";
export * from "./lounge";
export * from "./moderation";
export * from "./notifications";
export * from "./payments";
export * from "./platform";
export * from "./programs";
