// What the library feature offers the others; anything not named here is its own.

export type { ResourceRow } from "./queries";
export { insertResource, normaliseTags, toResourceDto } from "./queries";
export { storeResource } from "./store";
