// The member's devices with push, each removable (through the devices section's action), and the button that turns
// push on for this browser (or why it cannot be): the browser's prompt opens from the click itself, a gesture of the
// member as browsers require, then the section loads again.
import { useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { settingsPath } from "../../../worker/shared/settings";
import { errorText } from "../../api";
import { formatDate } from "../../components/format";
import { ErrorState } from "../../components/States";
import { useToast } from "../../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../../data/actions";
import { enablePush, pushSupported } from "../../notifications/push";
import { TEXT } from "../../text";
import { describeAgent } from "./ActiveSessions";
import type { DevicesData, DevicesIntent } from "./data";

const DEVICES_PATH = settingsPath("devices");

export function PushDevices({ devices }: { devices: DevicesData }) {
  const T = TEXT.notificationSettings;
  const toast = useToast();
  const revalidator = useRevalidator();
  const write = useFetcher<ActionResult<null>>();
  const [enabling, setEnabling] = useState(false);
  const busy = write.state !== "idle" || enabling;
  const send = (intent: DevicesIntent) => void submitJson(write, DEVICES_PATH, intent);
  useSettled(write, (answer) => !answer.ok && toast.show(answer.error, "error"));
  const enable = async () => {
    setEnabling(true);
    try {
      if (await enablePush()) toast.show(T.pushEnabled, "success");
      await revalidator.revalidate();
    } catch (err) {
      toast.show(errorText(err, T.saveFailed), "error");
    } finally {
      setEnabling(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby="push-devices-title">
      <h3 id="push-devices-title">{TEXT.settings.devices.pushTitle}</h3>
      {!pushSupported() ? (
        <p className="faint">{T.pushUnsupported}</p>
      ) : Notification.permission === "denied" ? (
        <p className="faint">{T.pushDenied}</p>
      ) : (
        <div>
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void enable()}>
            {T.enablePush}
          </button>
        </div>
      )}
      {!devices.ok ? (
        <ErrorState
          text={errorText(devices.failure, T.loadFailed)}
          busy={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      ) : devices.rows.length === 0 ? (
        <p className="faint">{T.noDevices}</p>
      ) : (
        <ul className="session-list">
          {devices.rows.map((device) => (
            <li key={device.endpoint} className="spread">
              <div>
                <strong>{describeAgent(device.user_agent)}</strong>
                <div className="faint">{T.since(formatDate(device.created_at))}</div>
              </div>
              <button
                type="button"
                className="btn btn-sm"
                disabled={busy}
                aria-label={T.removeDeviceLabel(describeAgent(device.user_agent))}
                onClick={() => send({ intent: "remove-device", endpoint: device.endpoint })}
              >
                {T.removeDevice}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
