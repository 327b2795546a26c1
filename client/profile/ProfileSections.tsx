// The profile's sections under the card (payments, notifications, direct messages and blocks, sessions, calendar
// link, data rights):
// their code loads after the page's first paint (ProfilePage's lazy), each still showing its own state.
import { DirectSettings } from "../direct/DirectSettings";
import { CalendarFeed } from "../events/CalendarFeed";
import { NotificationSettings } from "../notifications/NotificationSettings";
import { ActiveSessions } from "./ActiveSessions";
import { DataRights } from "./DataRights";
import type { profileLoader } from "./data";
import { MyPayments } from "./MyPayments";

type Data = Awaited<ReturnType<typeof profileLoader>>;
type Props = Pick<Data, "sessions" | "payments" | "calendar" | "blocks"> & {
  user: NonNullable<Data["profile"]>["user"];
};

export default function ProfileSections({ user, sessions, payments, calendar, blocks }: Props) {
  return (
    <>
      <MyPayments payments={payments} member={user} />
      <NotificationSettings />
      <DirectSettings policy={user.direct_messages} blocks={blocks} />
      <ActiveSessions sessions={sessions} />
      <CalendarFeed feed={calendar} />
      <DataRights email={user.email} />
    </>
  );
}
