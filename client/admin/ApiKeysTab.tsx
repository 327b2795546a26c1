import { useState } from "react";
import { TEXT } from "../text";
import { errorText } from "../api";
import { Spinner } from "../components/Spinner";
import { KEY_PROVIDERS, validateKeys, type KeyResults } from "./keys";

const PROVIDER_NAMES = { openai: "OpenAI", gemini: "Google Gemini", straico: "Straico" } as const;

type State = { phase: "idle" } | { phase: "testing" } | { phase: "results"; results: KeyResults } | { phase: "error"; error: string };

/** docs/spec.md §4 API key test: idle, testing, results shown. */
export function ApiKeysTab() {
  const [state, setState] = useState<State>({ phase: "idle" });

  const test = async () => {
    setState({ phase: "testing" });
    try {
      setState({ phase: "results", results: await validateKeys() });
    } catch (err) {
      setState({ phase: "error", error: errorText(err, TEXT.admin.validateKeysFailed) });
    }
  };

  const anyFailed = state.phase === "results" && KEY_PROVIDERS.some((p) => !state.results[p]?.available);
  return (
    <div className="stack">
      <div className="spread">
        <h2 className="admin-section-title">{TEXT.admin.keysTitle}</h2>
        <button type="button" className="btn btn-primary" disabled={state.phase === "testing"} onClick={() => void test()}>
          {state.phase === "testing" ? TEXT.admin.testing : TEXT.admin.testKeys}
        </button>
      </div>
      {state.phase === "idle" && <p className="muted">{TEXT.admin.keysIntro}</p>}
      {state.phase === "testing" && <Spinner label={TEXT.admin.testingKeys} />}
      {state.phase === "error" && (
        <p className="alert alert-error" role="alert">
          {state.error}
        </p>
      )}
      {state.phase === "results" && (
        <>
          <ul className="key-results">
            {KEY_PROVIDERS.map((p) => {
              const r = state.results[p];
              return (
                <li key={p} className="card card-tight" data-testid={`key-${p}`}>
                  <div className="spread">
                    <strong>{PROVIDER_NAMES[p]}</strong>
                    <span className={`badge ${r?.available ? "badge-active" : "badge-failed"}`}>{r?.available ? TEXT.admin.keyAvailable : TEXT.admin.keyUnavailable}</span>
                  </div>
                  {r?.keyFormat && <div className="faint">{TEXT.admin.keyFormat(r.keyFormat)}</div>}
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
