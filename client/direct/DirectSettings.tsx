// The privacy settings' direct messages: who may message the member (everyone or nobody)
// and the members they blocked, each with Unblock. Read by the privacy section's loader, written through its
// action (intents "direct-messages" and "unblock"), which loads the section again.

import { useFetcher, useRevalidator } from "react-router";
import { DEFAULT_NAME, DIRECT_MESSAGE_POLICIES, type DirectMessagePolicy } from "../../worker/shared/rules";
import { settingsPath } from "../../worker/shared/settings";
import { errorText } from "../api";
import { Avatar } from "../components/Avatar";
import { ErrorState } from "../components/States";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import type { BlocksData } from "../settings/privacy/data";
import { TEXT } from "../text";
import "./direct.css";

const PRIVACY_PATH = settingsPath("privacy");
const POLICY_LABEL = { everyone: "directEveryone", nobody: "directNobody" } as const;

export function DirectSettings({ policy, blocks }: { policy: DirectMessagePolicy; blocks: BlocksData }) {
  const T = TEXT.profile;
  const toast = useToast();
  const revalidator = useRevalidator();
  const setPolicy = useFetcher<ActionResult<unknown>>();
  const unblock = useFetcher<ActionResult<{ name: string }>>();
  useSettled(setPolicy, (answer) =>
    toast.show(answer.ok ? T.directSaved : answer.error, answer.ok ? "success" : "error"),
  );
  useSettled(unblock, (answer) =>
    toast.show(answer.ok ? TEXT.direct.unblocked(answer.value.name) : answer.error, answer.ok ? "success" : "error"),
  );
  // While the choice is being saved it shows as chosen.
  const pending = setPolicy.json as { value?: DirectMessagePolicy } | undefined;
  const chosen = (setPolicy.state !== "idle" && pending?.value) || policy;

  return (
    <section className="card" aria-labelledby="direct-settings-title">
      <h3 id="direct-settings-title">{T.directTitle}</h3>
      <fieldset className="direct-policy" disabled={setPolicy.state !== "idle"}>
        <legend>{T.directLabel}</legend>
        {DIRECT_MESSAGE_POLICIES.map((p) => (
          <label key={p} className="row">
            <input
              type="radio"
              name="direct-messages"
              value={p}
              checked={chosen === p}
              onChange={() => void submitJson(setPolicy, PRIVACY_PATH, { intent: "direct-messages", value: p })}
            />
            {T[POLICY_LABEL[p]]}
          </label>
        ))}
      </fieldset>
      <h4 id="blocked-title">{T.blockedTitle}</h4>
      <p className="faint">{T.blockedHint}</p>
      {!blocks.ok ? (
        <ErrorState
          text={errorText(blocks.failure, TEXT.profile.blockedLoadFailed)}
          busy={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      ) : blocks.rows.length === 0 ? (
        <p className="muted">{T.blockedNone}</p>
      ) : (
        <ul className="blocked-list" aria-labelledby="blocked-title">
          {blocks.rows.map((b) => {
            const name = b.name || DEFAULT_NAME;
            return (
              <li key={b.user_id} className="row">
                <Avatar src={b.avatar} name={name} size={28} />
                <span className="blocked-name">{name}</span>
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={T.unblockLabel(name)}
                  disabled={unblock.state !== "idle"}
                  onClick={() =>
                    void submitJson(unblock, PRIVACY_PATH, { intent: "unblock", user_id: b.user_id, name })
                  }
                >
                  {TEXT.direct.unblock}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
