// The calendar section: the member's gatherings as a calendar subscription.
import { useLoaderData } from "react-router";
import { CalendarFeed } from "../../events/CalendarFeed";
import { SettingsSection } from "../SettingsSection";
import type { calendarSettingsLoader } from "./data";

export default function CalendarSection() {
  const feed = useLoaderData<typeof calendarSettingsLoader>();
  return (
    <SettingsSection section="calendar">
      <CalendarFeed feed={feed} />
    </SettingsSection>
  );
}
