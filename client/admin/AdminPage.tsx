import { useCallback, useEffect, useState } from "react";
import { TEXTS } from "../../worker/shared/texts";
import { api, errorText, unwrap } from "../api";
import { ErrorState } from "../components/States";
import { Spinner } from "../components/Spinner";
import { ApiKeysTab } from "./ApiKeysTab";
import { MembersTab } from "./MembersTab";
import { PaymentsTab } from "./PaymentsTab";
import { StatCards } from "./StatCards";
import type { Member, Payment } from "./types";
import "./admin.css";

const TABS = [
  { id: "members", label: "Members" },
  { id: "payments", label: "Payments" },
  { id: "content", label: "Content" },
  { id: "keys", label: "API Keys" },
] as const;
type TabId = (typeof TABS)[number]["id"];

type Data = { members: Member[]; payments: Payment[] };

export default function AdminPage() {
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<TabId>("members");

  const load = useCallback(async () => {
    setError(null);
    try {
      const [members, payments] = await Promise.all([unwrap(api.admin.members.$get()), unwrap(api.admin.payments.$get())]);
      setData({ members, payments });
    } catch (err) {
      // No sample data: an admin table must never show people who do not exist.
      setError(errorText(err, TEXTS.admin.loadFailed));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const onTabKey = (e: React.KeyboardEvent, index: number) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const next = TABS[(index + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length];
    setTab(next.id);
    document.getElementById(`admin-tab-${next.id}`)?.focus();
  };

  return (
    <div className="page-wide admin">
      <h1>Admin Dashboard</h1>
      {error ? (
        <ErrorState text={error} onRetry={() => void load()} />
      ) : !data ? (
        <div className="page-center">
          <Spinner label="Loading admin data" />
        </div>
      ) : (
        <>
          <StatCards members={data.members} payments={data.payments} />
          <div className="tabs" role="tablist" aria-label="Admin sections">
            {TABS.map((t, i) => (
              <button
                key={t.id}
                id={`admin-tab-${t.id}`}
                type="button"
                role="tab"
                className="tab"
                aria-selected={tab === t.id}
                aria-controls={`admin-panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                onClick={() => setTab(t.id)}
                onKeyDown={(e) => onTabKey(e, i)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <section id={`admin-panel-${tab}`} role="tabpanel" aria-labelledby={`admin-tab-${tab}`}>
            {tab === "members" && <MembersTab members={data.members} onChanged={load} />}
            {tab === "payments" && <PaymentsTab payments={data.payments} onChanged={load} />}
            {tab === "content" && (
              <div className="card state">
                <p>{TEXTS.admin.contentPlaceholder}</p>
              </div>
            )}
            {tab === "keys" && <ApiKeysTab />}
          </section>
        </>
      )}
    </div>
  );
}
