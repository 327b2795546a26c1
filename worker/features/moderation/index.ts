// What the moderation feature offers the others; anything not named here is its own.
export { isHidden, isReported, reasonForAuthor, shownText } from "./queries/moderation";
