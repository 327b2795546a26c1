import { useFetcher } from "react-router";
import { Spinner } from "../components/Spinner";
import { type ActionResult, submitJson } from "../data/actions";
import { TEXT } from "../text";
import { ADMIN_PATH } from "./data";
import { KEY_PROVIDERS, type KeyResults } from "./keys";

const PROVIDER_NAMES = { openai: "OpenAI", gemini: "Google Gemini", straico: "Straico" } as const;

/** docs/spec.md §4 API key test: idle, testing, results shown (the answer of the dashboard's `test-keys` intent). */
export function ApiKeysTab() {
  const check = useFetcher<ActionResult<KeyResults>>();
  const testing = check.state !== "idle";
  const answer = testing ? undefined : check.data;

  const anyFailed = answer?.ok === true && KEY_PROVIDERS.some((p) => !answer.value[p]?.available);
  return (
    <div className="stack">
      <div className="spread">
        <h2 className="admin-section-title">{TEXT.adminParts.keysTitle}</h2>
        <button
          type="button"
          className="btn btn-primary"
          disabled={testing}
          onClick={() => void submitJson(check, ADMIN_PATH, { intent: "test-keys" })}
        >
          {testing ? TEXT.adminParts.testing : TEXT.adminParts.testKeys}
        </button>
      </div>
      {!testing && !answer && <p className="muted">{TEXT.adminParts.keysIntro}</p>}
      {testing && <Spinner label={TEXT.adminParts.testingKeys} />}
      {answer?.ok === false && (
        <p className="alert alert-error" role="alert">
          {answer.error}
        </p>
      )}
      {answer?.ok === true && (
        <>
          <ul className="key-results">
            {KEY_PROVIDERS.map((p) => {
              const r = answer.value[p];
              return (
                <li key={p} className="card card-tight" data-testid={`key-${p}`}>
                  <div className="spread">
                    <strong>{PROVIDER_NAMES[p]}</strong>
                    <span className={`badge ${r?.available ? "badge-active" : "badge-failed"}`}>
                      {r?.available ? TEXT.adminParts.keyAvailable : TEXT.adminParts.keyUnavailable}
                    </span>
                  </div>
                  {r?.keyFormat && <div className="faint">{TEXT.adminParts.keyFormat(r.keyFormat)}</div>}
                  {r?.error && <div className="key-error">{r.error}</div>}
                </li>
              );
            })}
          </ul>
          {anyFailed && <p className="alert alert-info">{TEXT.admin.keysHint}</p>}
        </>
      )}
    </div>
  );
}
