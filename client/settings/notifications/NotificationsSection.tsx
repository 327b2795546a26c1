// The notifications section: the kinds in the groups members think in (worker/shared/notification-settings.ts), a switch per
// group and channel (mixed when the kinds inside differ), the kinds themselves on demand, the fixed choices shown
// as fixed with why, and the email digest beside them. Every change saves the whole of the choices through the
// section's action; the choice shows as made while it is saved.
import { useFetcher, useLoaderData, useRevalidator } from "react-router";
import {
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  DIGESTS,
  FIXED_CHOICES,
  kindsOfGroup,
  NOTIFICATION_GROUPS,
  type Preferences,
  type PreferencesDto,
} from "../../../worker/shared/notification-settings";
import type { NotificationKind } from "../../../worker/shared/notifications";
import { settingsPath } from "../../../worker/shared/settings";
import { errorText } from "../../api";
import { Select } from "../../components/Field";
import { ErrorState } from "../../components/States";
import { useToast } from "../../components/Toasts";
import { type ActionResult, failureOf, submitJson, useSettled } from "../../data/actions";
import { TEXT } from "../../text";
import { SettingsSection } from "../SettingsSection";
import type { NotificationSettingsIntent, notificationSettingsLoader } from "./data";

const fixed = (kind: NotificationKind, channel: DeliveryChannel) => FIXED_CHOICES[kind]?.[channel] !== undefined;

/** A group's switch for a channel: on when every kind a member may change is on, mixed when only some are. */
function groupState(preferences: Preferences, kinds: readonly NotificationKind[], channel: DeliveryChannel) {
  const open = kinds.filter((kind) => !fixed(kind, channel));
  const on = open.filter((kind) => preferences[kind][channel]).length;
  return { open, all: open.length > 0 && on === open.length, mixed: on > 0 && on < open.length };
}

export default function NotificationsSection() {
  const loaded = useLoaderData<typeof notificationSettingsLoader>();
  const write = useFetcher<ActionResult<PreferencesDto>>();
  const revalidator = useRevalidator();
  const toast = useToast();
  const T = TEXT.notificationSettings;
  useSettled(write, (answer) => answer.ok && toast.show(T.saved, "success"));
  const pending = write.state !== "idle" ? (write.json as NotificationSettingsIntent | undefined) : undefined;
  const settings = pending?.settings ?? (loaded.ok ? loaded.rows : null);
  const error = failureOf(write);

  if (!settings)
    return (
      <SettingsSection section="notifications">
        <ErrorState
          text={errorText(loaded.ok ? null : loaded.failure, T.loadFailed)}
          busy={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      </SettingsSection>
    );

  const save = (next: PreferencesDto) =>
    void submitJson(write, settingsPath("notifications"), { intent: "save", settings: next });
  const choose = (kinds: readonly NotificationKind[], channel: DeliveryChannel, on: boolean) => {
    const preferences = { ...settings.preferences };
    for (const kind of kinds) preferences[kind] = { ...preferences[kind], [channel]: on };
    save({ ...settings, preferences });
  };

  return (
    <SettingsSection section="notifications">
      <p className="muted">{T.intro}</p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="notify-groups">
        {NOTIFICATION_GROUPS.map((group) => {
          const kinds = kindsOfGroup(group);
          const words = TEXT.settings.groups[group];
          return (
            <section key={group} className="card notify-group" aria-labelledby={`notify-${group}`}>
              <h3 id={`notify-${group}`}>{words.name}</h3>
              <p className="faint">{words.hint}</p>
              <div className="notify-channels">
                {DELIVERY_CHANNELS.map((channel) => {
                  const state = groupState(settings.preferences, kinds, channel);
                  return (
                    <label key={channel}>
                      <input
                        type="checkbox"
                        ref={(box) => {
                          if (box) box.indeterminate = state.mixed;
                        }}
                        aria-label={TEXT.settings.groupChannel(words.name, T.channels[channel])}
                        checked={state.all}
                        disabled={state.open.length === 0}
                        onChange={() => choose(state.open, channel, !state.all)}
                      />
                      <span aria-hidden="true">{T.channels[channel]}</span>
                    </label>
                  );
                })}
              </div>
              {kinds.some((kind) => FIXED_CHOICES[kind]) && <p className="hint">{T.fixed}</p>}
              <details>
                <summary>{TEXT.settings.kindsShow(kinds.length)}</summary>
                <ul className="notify-kinds">
                  {kinds.map((kind) => (
                    <li key={kind} className="notify-kind">
                      <strong>{T.kinds[kind]}</strong>
                      <div className="notify-channels">
                        {DELIVERY_CHANNELS.map((channel) => (
                          <label key={channel}>
                            <input
                              type="checkbox"
                              aria-label={T.choice(T.kinds[kind], T.channels[channel])}
                              checked={settings.preferences[kind][channel]}
                              disabled={fixed(kind, channel)}
                              onChange={(e) => choose([kind], channel, e.currentTarget.checked)}
                            />
                            <span aria-hidden="true">
                              {T.channels[channel]}
                              {fixed(kind, channel) && ` (${TEXT.settings.always})`}
                            </span>
                          </label>
                        ))}
                      </div>
                    </li>
                  ))}
                </ul>
              </details>
            </section>
          );
        })}
      </div>
      <div className="card notify-digest">
        <Select
          label={T.digest}
          hint={TEXT.settings.digestHint}
          value={settings.digest}
          options={DIGESTS}
          optionLabels={T.digests}
          onValue={(digest) => save({ ...settings, digest })}
        />
      </div>
    </SettingsSection>
  );
}
