// What the events feature offers the others; anything not named here is its own.
export { fillFreedSeats, rsvpsOf, seatsHeldBy } from "./queries/answers";
