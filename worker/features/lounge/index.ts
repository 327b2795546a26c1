// What the lounge feature offers the others; anything not named here is its own.
export { reactionsByMember } from "./queries/reactions";
