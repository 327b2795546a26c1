// Where the member is signed in, this device marked, with signing out every other session (the devices section's
// action).
import { useFetcher, useRevalidator } from "react-router";
import { settingsPath } from "../../../worker/shared/settings";
import { errorText } from "../../api";
import { formatDate } from "../../components/format";
import { ErrorState } from "../../components/States";
import { useToast } from "../../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../../data/actions";
import { TEXT } from "../../text";
import type { SessionsData } from "./data";

/** A readable device label from a user agent string (browser on system), or a neutral fallback. */
export function describeAgent(ua: string | null): string {
  if (!ua) return TEXT.profile.unknownDevice;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (browser && system) return TEXT.profile.agent(browser, system);
  return browser ?? system ?? ua.slice(0, 60);
}

export function ActiveSessions({ sessions }: { sessions: SessionsData }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const signOut = useFetcher<ActionResult<{ signed_out: number }>>();
  const busy = signOut.state !== "idle";
  const rows = sessions.ok ? sessions.rows : null;
  useSettled(signOut, (answer) =>
    toast.show(
      answer.ok ? TEXT.profile.signedOutOthers(answer.value.signed_out) : answer.error,
      answer.ok ? "success" : "error",
    ),
  );

  const others = rows?.filter((r) => !r.current).length ?? 0;
  return (
    <section className="card" aria-labelledby="sessions-title">
      <div className="spread">
        <h3 id="sessions-title">{TEXT.profile.sessionsTitle}</h3>
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy || others === 0}
          onClick={() => void submitJson(signOut, settingsPath("devices"), { intent: "sign-out-others" })}
        >
          {TEXT.profile.signOutOthers}
        </button>
      </div>
      <p className="faint">{TEXT.settings.devices.sessionsHint}</p>
      {!sessions.ok ? (
        <ErrorState
          text={errorText(sessions.failure, TEXT.profile.sessionsLoadFailed)}
          busy={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      ) : (
        <ul className="session-list">
          {sessions.rows.map((s) => (
            <li key={s.id} className="spread">
              <div>
                <strong>{describeAgent(s.user_agent)}</strong>{" "}
                {s.current && <span className="badge badge-active">{TEXT.profile.thisDevice}</span>}
                <div className="faint">
                  {TEXT.profile.sessionDates(formatDate(s.created_at), formatDate(s.expires_at))}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
