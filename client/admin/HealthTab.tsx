import type { InferResponseType } from "hono/client";
import { useState } from "react";
import { api, errorText, unwrap } from "../api";
import { formatTime } from "../components/format";
import { Spinner } from "../components/Spinner";
import { TEXT } from "../text";

type Report = InferResponseType<typeof api.admin.health.$get, 200>;
type State =
  | { phase: "idle" }
  | { phase: "checking" }
  | { phase: "done"; report: Report }
  | { phase: "error"; error: string };

const label = (name: string) =>
  name === "automatic_renewal"
    ? TEXT.autorenew.healthName
    : (TEXT.health.names[name] ?? (name.startsWith("ai_") ? TEXT.health.aiProvider(name.slice(3)) : name));

/** The deep health check (GET /api/admin/health), run when the admin asks: it calls every dependency. */
export function HealthTab() {
  const [state, setState] = useState<State>({ phase: "idle" });

  const run = async () => {
    setState({ phase: "checking" });
    try {
      setState({ phase: "done", report: await unwrap(api.admin.health.$get()) });
    } catch (err) {
      setState({ phase: "error", error: errorText(err, TEXT.health.failed) });
    }
  };

  return (
    <div className="stack">
      <div className="spread">
        <h2 className="admin-section-title">{TEXT.health.title}</h2>
        <button
          type="button"
          className="btn btn-primary"
          disabled={state.phase === "checking"}
          onClick={() => void run()}
        >
          {TEXT.health.run}
        </button>
      </div>
      {state.phase === "idle" && <p className="muted">{TEXT.health.intro}</p>}
      {state.phase === "checking" && <Spinner label={TEXT.health.running} />}
      {state.phase === "error" && (
        <p className="alert alert-error" role="alert" data-testid="health-error">
          {state.error}
        </p>
      )}
      {state.phase === "done" && (
        <>
          <p
            className={`alert ${state.report.ok ? "alert-info" : "alert-error"}`}
            role="status"
            data-testid="health-summary"
          >
            {state.report.ok ? TEXT.health.allOk : TEXT.health.someDown}{" "}
            {TEXT.health.checkedAt(formatTime(state.report.checked_at))}
          </p>
          <ul className="key-results">
            {state.report.checks.map((check) => (
              <li key={check.name} className="card card-tight" data-testid={`health-${check.name}`}>
                <div className="spread">
                  <strong>{label(check.name)}</strong>
                  <span className={`badge ${check.ok ? "badge-active" : "badge-failed"}`}>
                    {check.ok ? TEXT.health.up : TEXT.health.down}
                  </span>
                </div>
                <div className="faint">
                  {TEXT.health.latency(check.latency_ms)} · {check.detail}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
