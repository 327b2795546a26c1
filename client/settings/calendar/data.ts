// The calendar section's data: whether the member's calendar link is on, and since when. Its writes are the calendar
// link's own (CALENDAR_FEED_PATH, client/events/actions.ts), after which this loads again.
import { api, unwrap } from "../../api";
import { part } from "../part";

export const calendarSettingsLoader = () => part(unwrap(api.profile.calendar.$get()));
