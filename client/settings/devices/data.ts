// The devices section's data and writes: the member's devices with push and their signed-in sessions, each
// failing on its own; its action removes a device's push or signs out every other session (turning push on for this
// browser is PushDevices' click itself: the browser's prompt needs the member's gesture).
import { api, unwrap } from "../../api";
import { attempt, readIntent } from "../../data/actions";
import { removeDevice } from "../../notifications/push";
import { TEXT } from "../../text";
import { part } from "../part";

export async function devicesSettingsLoader() {
  const [devices, sessions] = await Promise.all([
    part(unwrap(api.push.subscriptions.$get()).then((answer) => answer.devices)),
    part(unwrap(api.sessions.$get())),
  ]);
  return { devices, sessions };
}

type Data = Awaited<ReturnType<typeof devicesSettingsLoader>>;
export type DevicesData = Data["devices"];
export type SessionsData = Data["sessions"];

export type DevicesIntent = { intent: "remove-device"; endpoint: string } | { intent: "sign-out-others" };

export async function devicesSettingsAction({ request }: { request: Request }) {
  const body = await readIntent<DevicesIntent>(request);
  switch (body.intent) {
    case "remove-device":
      return attempt(() => removeDevice(body.endpoint).then(() => null), TEXT.notificationSettings.saveFailed);
    case "sign-out-others":
      return attempt(() => unwrap(api.sessions.others.$delete()), TEXT.profile.signOutOthersFailed);
  }
}
