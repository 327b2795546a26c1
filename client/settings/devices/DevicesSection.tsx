// The devices section: push on the member's devices, and where they are signed in (with signing out elsewhere).
import { useLoaderData } from "react-router";
import { SettingsSection } from "../SettingsSection";
import { ActiveSessions } from "./ActiveSessions";
import type { devicesSettingsLoader } from "./data";
import { PushDevices } from "./PushDevices";

export default function DevicesSection() {
  const { devices, sessions } = useLoaderData<typeof devicesSettingsLoader>();
  return (
    <SettingsSection section="devices">
      <PushDevices devices={devices} />
      <ActiveSessions sessions={sessions} />
    </SettingsSection>
  );
}
