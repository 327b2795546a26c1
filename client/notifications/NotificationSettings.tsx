// The profile's notification settings: the grid of kinds × channels and the digest
// (GET/PUT /api/notifications/preferences), the switch that turns push on for this browser, and the
// member's devices with push, each removable.
import { useCallback, useEffect, useState } from "react";
import {
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  DIGESTS,
  FIXED_CHOICES,
  type PreferencesDto,
} from "../../worker/shared/notification-settings";
import { NOTIFICATION_KINDS } from "../../worker/shared/notifications";
import { type Answer, api, errorText, unwrap } from "../api";
import { formatDate } from "../components/format";
import { ErrorState } from "../components/States";
import { useToast } from "../components/Toasts";
import { describeAgent } from "../profile/ActiveSessions";
import { TEXT } from "../text";
import { enablePush, pushSupported, removeDevice } from "./push";

type Devices = Answer<(typeof api.push.subscriptions)["$get"]>["devices"];

export function NotificationSettings() {
  const toast = useToast();
  const [settings, setSettings] = useState<PreferencesDto | null>(null);
  const [devices, setDevices] = useState<Devices>([]);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [prefs, list] = await Promise.all([
        unwrap(api.notifications.preferences.$get()),
        unwrap(api.push.subscriptions.$get()),
      ]);
      setSettings(prefs);
      setDevices(list.devices);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function save(next: PreferencesDto) {
    const previous = settings;
    setSettings(next);
    try {
      setSettings(await unwrap(api.notifications.preferences.$put({ json: next })));
      toast.show(TEXT.notificationSettings.saved, "success");
    } catch (err) {
      setSettings(previous);
      toast.show(errorText(err, TEXT.notificationSettings.saveFailed), "error");
    }
  }

  async function run(step: () => Promise<unknown>) {
    setBusy(true);
    try {
      await step();
      await load();
    } catch (err) {
      toast.show(errorText(err, TEXT.notificationSettings.saveFailed), "error");
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <ErrorState text={TEXT.notificationSettings.loadFailed} onRetry={() => void load()} />;
  if (!settings) return <p className="faint">{TEXT.notificationSettings.loading}</p>;

  const toggle = (kind: (typeof NOTIFICATION_KINDS)[number], channel: DeliveryChannel, on: boolean) =>
    void save({
      ...settings,
      preferences: { ...settings.preferences, [kind]: { ...settings.preferences[kind], [channel]: on } },
    });

  return (
    <section className="card" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title">{TEXT.notificationSettings.title}</h2>
      <p className="faint">{TEXT.notificationSettings.intro}</p>
      <table className="notify-grid">
        <thead>
          <tr>
            <th scope="col">{TEXT.notificationSettings.kind}</th>
            {DELIVERY_CHANNELS.map((channel) => (
              <th key={channel} scope="col">
                {TEXT.notificationSettings.channels[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{TEXT.notificationSettings.kinds[kind]}</th>
              {DELIVERY_CHANNELS.map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    aria-label={TEXT.notificationSettings.choice(
                      TEXT.notificationSettings.kinds[kind],
                      TEXT.notificationSettings.channels[channel],
                    )}
                    checked={settings.preferences[kind][channel]}
                    disabled={FIXED_CHOICES[kind]?.[channel] !== undefined}
                    onChange={(e) => toggle(kind, channel, e.currentTarget.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="faint">{TEXT.notificationSettings.fixed}</p>
      <label>
        {TEXT.notificationSettings.digest}{" "}
        <select
          value={settings.digest}
          onChange={(e) => void save({ ...settings, digest: e.currentTarget.value as PreferencesDto["digest"] })}
        >
          {DIGESTS.map((digest) => (
            <option key={digest} value={digest}>
              {TEXT.notificationSettings.digests[digest]}
            </option>
          ))}
        </select>
      </label>

      <h3>{TEXT.notificationSettings.devicesTitle}</h3>
      {!pushSupported() ? (
        <p className="faint">{TEXT.notificationSettings.pushUnsupported}</p>
      ) : Notification.permission === "denied" ? (
        <p className="faint">{TEXT.notificationSettings.pushDenied}</p>
      ) : (
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              if (await enablePush()) toast.show(TEXT.notificationSettings.pushEnabled, "success");
            })
          }
        >
          {TEXT.notificationSettings.enablePush}
        </button>
      )}
      {devices.length === 0 ? (
        <p className="faint">{TEXT.notificationSettings.noDevices}</p>
      ) : (
        <ul className="session-list">
          {devices.map((device) => (
            <li key={device.endpoint} className="spread">
              <div>
                <strong>{describeAgent(device.user_agent)}</strong>
                <div className="faint">{TEXT.notificationSettings.since(formatDate(device.created_at))}</div>
              </div>
              <button
                type="button"
                className="btn btn-sm"
                disabled={busy}
                aria-label={TEXT.notificationSettings.removeDeviceLabel(describeAgent(device.user_agent))}
                onClick={() => void run(() => removeDevice(device.endpoint))}
              >
                {TEXT.notificationSettings.removeDevice}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
