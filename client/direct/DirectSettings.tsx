// The profile's direct-message settings (issue 36): who may message the member (everyone or nobody,
// PUT /api/profile) and the members they blocked, each with Unblock.
import { useEffect, useState } from "react";
import type { DirectMessagePolicy } from "../../worker/shared/rules";
import { DEFAULT_NAME, DIRECT_MESSAGE_POLICIES } from "../../worker/shared/rules";
import { api, errorText, unwrap } from "../api";
import { Avatar } from "../components/Avatar";
import { ErrorState } from "../components/States";
import { useToast } from "../components/Toasts";
import { TEXT } from "../text";
import { loadBlocks, setBlocked, useBlocks } from "./blocks";
import "./direct.css";

const POLICY_LABEL = { everyone: "directEveryone", nobody: "directNobody" } as const;

export function DirectSettings({ policy }: { policy: DirectMessagePolicy }) {
  const T = TEXT.profile;
  const toast = useToast();
  const [chosen, setChosen] = useState(policy);
  const [busy, setBusy] = useState<number | "policy" | null>(null);
  const blocks = useBlocks();
  useEffect(() => {
    void loadBlocks();
  }, []);

  async function choose(next: DirectMessagePolicy) {
    const previous = chosen;
    setChosen(next);
    setBusy("policy");
    try {
      const saved = await unwrap(api.profile.$put({ json: { direct_messages: next } }));
      setChosen(saved.user.direct_messages);
      toast.show(T.directSaved, "success");
    } catch (err) {
      setChosen(previous);
      toast.show(errorText(err, T.directSaveFailed), "error");
    } finally {
      setBusy(null);
    }
  }

  async function unblock(userId: number, name: string) {
    setBusy(userId);
    try {
      await setBlocked(userId, false);
      toast.show(TEXT.direct.unblocked(name), "success");
    } catch (err) {
      toast.show(errorText(err, TEXT.direct.blockFailed), "error");
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card" aria-labelledby="direct-settings-title">
      <h2 id="direct-settings-title">{T.directTitle}</h2>
      <fieldset className="direct-policy" disabled={busy === "policy"}>
        <legend>{T.directLabel}</legend>
        {DIRECT_MESSAGE_POLICIES.map((p) => (
          <label key={p} className="row">
            <input
              type="radio"
              name="direct-messages"
              value={p}
              checked={chosen === p}
              onChange={() => void choose(p)}
            />
            {T[POLICY_LABEL[p]]}
          </label>
        ))}
      </fieldset>
      <h3 id="blocked-title">{T.blockedTitle}</h3>
      <p className="faint">{T.blockedHint}</p>
      {blocks.list === null && blocks.failed ? (
        <ErrorState text={T.blockedLoadFailed} onRetry={() => void loadBlocks()} />
      ) : blocks.list?.length === 0 ? (
        <p className="muted">{T.blockedNone}</p>
      ) : (
        <ul className="blocked-list" aria-labelledby="blocked-title">
          {blocks.list?.map((b) => {
            const name = b.name || DEFAULT_NAME;
            return (
              <li key={b.user_id} className="row">
                <Avatar src={b.avatar} name={name} size={28} />
                <span className="blocked-name">{name}</span>
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={`${TEXT.direct.unblock} ${name}`}
                  disabled={busy === b.user_id}
                  onClick={() => void unblock(b.user_id, name)}
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
