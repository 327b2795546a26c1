import { useCallback, useEffect, useState } from "react";
import { TEXTS } from "../../worker/shared/texts";
import { api, errorText, unwrap } from "../api";
import { ErrorState } from "../components/States";
import { Spinner } from "../components/Spinner";
import { TabList, tabPanelProps } from "../components/Tabs";
import { ApiKeysTab } from "./ApiKeysTab";
import { MembersTab } from "./MembersTab";
import { PaymentsTab } from "./PaymentsTab";
import { StatCards } from "./StatCards";
import type { AdminStatsDto } from "../../worker/db/stats";
import type { Member, Payment } from "./types";
import "./admin.css";

const TABS = [
  { id: "members", label: "Members" },
  { id: "payments", label: "Payments" },
  { id: "content", label: "Content" },
  { id: "keys", label: "API Keys" },
] as const;
type TabId = (typeof TABS)[number]["id"];

type PaymentsMode = { configured: boolean; missing: string[] };
type Data = { members: Member[]; payments: Payment[]; stats: AdminStatsDto; mode: PaymentsMode | null };

export default function AdminPage() {
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<TabId>("members");

  const load = useCallback(async () => {
    setError(null);
    try {
      const [members, payments, stats, mode] = await Promise.all([
        unwrap(api.admin.members.$get()),
        unwrap(api.admin.payments.$get()),
        unwrap(api.admin.stats.$get()),
        // Only for the configuration notice: without an answer the dashboard still works.
        unwrap(api.payments.mode.$get()).catch(() => null),
      ]);
      setData({ members, payments, stats, mode });
    } catch (err) {
      // No sample data: an admin table must never show people who do not exist.
      setError(errorText(err, TEXTS.admin.loadFailed));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);


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
          {data.mode?.configured === false && (
            <p className="alert alert-error payments-config" role="alert">
              {TEXTS.admin.paymentsNotConfigured(data.mode.missing)}
            </p>
          )}
          <StatCards stats={data.stats} />
          <TabList label="Admin sections" tabs={TABS} selected={tab} onSelect={setTab} ids="admin" />
          <section {...tabPanelProps("admin", tab)}>
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
