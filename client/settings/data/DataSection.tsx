// The data section: the member's rights over their data (download, deletion).
import { useSession } from "../../session/session-context";
import { SettingsSection } from "../SettingsSection";
import { DataRights } from "./DataRights";

export default function DataSection() {
  const { user } = useSession();
  return <SettingsSection section="data">{user && <DataRights email={user.email} />}</SettingsSection>;
}
