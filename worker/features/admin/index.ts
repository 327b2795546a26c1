// What the admin feature offers the others; anything not named here is its own.
export { memberOr404 } from "./members";
export { memberDeletion, messageImageKeys, notLastAdmin } from "./queries/admin";
