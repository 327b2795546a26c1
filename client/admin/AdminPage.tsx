import { useState } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import { onDemand } from "../components/on-demand";
import { Spinner } from "../components/Spinner";
import { ErrorState } from "../components/States";
import { TabList, tabPanelProps } from "../components/Tabs";
import { TEXT } from "../text";
import type { adminLoader } from "./data";
import { MembersTab } from "./MembersTab";
import { StatCards } from "./StatCards";
import "./admin.css";
import "../moderation/moderation.css";
import { PageTitle } from "../components/PageTitle";

// The route's action loads lazily (client/router.tsx); fetched as the screen arrives, so the first write need not wait.
void import("./actions");

// Only the members tab is on the first paint; each other tab's code and words load when it is opened.
const PaymentsTab = onDemand(
  () => import("./PaymentsTab").then((m) => m.PaymentsTab),
  ["payments", "adminTabs", "autorenew"],
);
// The reports queue names each report's reason as the report dialog does.
const ModerationTab = onDemand(
  () => import("./ModerationTab").then((m) => m.ModerationTab),
  ["adminTabs", "reportDialog"],
);
const AuditTab = onDemand(() => import("./AuditTab").then((m) => m.AuditTab), ["adminTabs"]);
const ApiKeysTab = onDemand(() => import("./ApiKeysTab").then((m) => m.ApiKeysTab), ["adminTabs"]);
const HealthTab = onDemand(() => import("./HealthTab").then((m) => m.HealthTab), ["adminTabs", "autorenew"]);
// The revenue dashboard (its chart, tables and words) loads only when its tab is opened.
const RevenueTab = onDemand(() => import("./RevenueTab").then((m) => m.RevenueTab), ["revenue"]);
const PlansTab = onDemand(() => import("./PlansTab").then((m) => m.PlansTab), ["revenue"]);

const TABS = [
  {
    id: "members",
    get label() {
      return TEXT.admin.tabs.members;
    },
  },
  {
    id: "payments",
    get label() {
      return TEXT.admin.tabs.payments;
    },
  },
  {
    id: "content",
    get label() {
      return TEXT.admin.tabs.content;
    },
  },
  {
    id: "moderation",
    get label() {
      return TEXT.moderating.tab;
    },
  },
  {
    id: "audit",
    get label() {
      return TEXT.admin.tabs.audit;
    },
  },
  {
    id: "keys",
    get label() {
      return TEXT.admin.tabs.keys;
    },
  },
  {
    id: "health",
    get label() {
      return TEXT.admin.tabs.health;
    },
  },
  {
    id: "revenue",
    get label() {
      return TEXT.admin.tabs.revenue;
    },
  },
  {
    id: "plans",
    get label() {
      return TEXT.admin.tabs.plans;
    },
  },
] as const;
type TabId = (typeof TABS)[number]["id"];

export default function AdminPage() {
  const data = useLoaderData<typeof adminLoader>();
  const revalidator = useRevalidator();
  const reload = () => revalidator.revalidate();
  const [tab, setTab] = useState<TabId>("members");

  return (
    <div className="page-wide admin">
      <PageTitle screen={TEXT.nav.admin} />
      <h1>{TEXT.admin.heading}</h1>
      {!data.ok ? (
        <ErrorState text={data.error} busy={revalidator.state === "loading"} onRetry={() => void reload()} />
      ) : (
        <>
          {data.mode?.configured === false && (
            <p className="alert alert-error payments-config" role="alert">
              {TEXT.admin.paymentsNotConfigured(data.mode.missing)}
            </p>
          )}
          <StatCards stats={data.stats} />
          <TabList label={TEXT.admin.sectionsLabel} tabs={TABS} selected={tab} onSelect={setTab} ids="admin" />
          <section {...tabPanelProps("admin", tab)}>
            {tab === "members" && <MembersTab members={data.members} />}
            {tab === "payments" && <PaymentsTab payments={data.payments} fallback={<Spinner />} />}
            {tab === "content" && (
              <div className="card state">
                <p>{TEXT.admin.contentPlaceholder}</p>
              </div>
            )}
            {tab === "moderation" && (
              <ModerationTab
                reports={data.reports}
                retrying={revalidator.state === "loading"}
                onRetry={() => void reload()}
                fallback={<Spinner />}
              />
            )}
            {tab === "audit" && <AuditTab first={data.audit} members={data.members} fallback={<Spinner />} />}
            {tab === "keys" && <ApiKeysTab fallback={<Spinner />} />}
            {tab === "health" && <HealthTab fallback={<Spinner />} />}
            {tab === "revenue" && <RevenueTab fallback={<Spinner />} />}
            {tab === "plans" && <PlansTab fallback={<Spinner />} />}
          </section>
        </>
      )}
    </div>
  );
}
