import { useState } from "react";
import { useFetcher } from "react-router";
import { AUDIT_ACTIONS, type AuditAction } from "../../worker/shared/admin-rules";
import { Select } from "../components/Field";
import { formatDateTime } from "../components/format";
import { LoadMore } from "../components/LoadMore";
import { Spinner } from "../components/Spinner";
import { EmptyState, ErrorState } from "../components/States";
import type { PageResult } from "../data/pages";
import { usePages } from "../data/pages";
import { AUDIT_PAGE_PATH } from "../data-paths";
import { TEXT } from "../text";
import { AUDIT_CSV_PATH, AUDIT_PAGE, type AuditFilter, type AuditRow, auditQuery } from "./data";
import type { Member } from "./types";

const pageHref = (filter: AuditFilter) => `${AUDIT_PAGE_PATH}?${new URLSearchParams(auditQuery(filter))}`;

/** "key: value, …" of a short before/after state, or a dash. */
const describeState = (state: AuditRow["before"]) =>
  state
    ? Object.entries(state)
        .map(([key, value]) => `${key}: ${value ?? "null"}`)
        .join(", ")
    : TEXT.audit.none;

const actorOf = (row: AuditRow) => row.actor_name || row.actor_email || TEXT.audit.formerActor(row.actor_id);

/**
 * The audit log: newest first, filtered by action and by admin, more pages on demand, and
 * the CSV of every matching entry from the server. The unfiltered first page comes with the dashboard.
 */
export function AuditTab({ first, members }: { first: PageResult<AuditRow>; members: Member[] }) {
  const [filter, setFilter] = useState<AuditFilter>({});
  const filtered = useFetcher<PageResult<AuditRow>>();
  const unfiltered = !filter.action && !filter.actor;
  const page = unfiltered ? first : filtered.data;
  const switching = !unfiltered && filtered.state === "loading";
  const pages = usePages(page?.ok ? page.items : [], AUDIT_PAGE, JSON.stringify(filter), (before) =>
    pageHref({ ...filter, before }),
  );
  const admins = members.filter((m) => m.role === "admin");

  const change = (next: AuditFilter) => {
    setFilter(next);
    if (next.action || next.actor) void filtered.load(pageHref(next));
  };

  return (
    <div className="stack">
      <div className="spread">
        <div>
          <h2 className="admin-section-title">{TEXT.audit.title}</h2>
          <p className="muted">{TEXT.audit.intro}</p>
        </div>
        <a
          className="btn"
          href={`${AUDIT_CSV_PATH}?${new URLSearchParams(auditQuery(filter, "csv"))}`}
          download="audit-log.csv"
        >
          {TEXT.audit.exportCsv}
        </a>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of filters, not a form section. */}
      <div className="audit-filters" role="group" aria-label={TEXT.audit.filtersLabel}>
        <Select
          label={TEXT.audit.actionFilter}
          className="input"
          value={filter.action ?? ""}
          onChange={(e) => change({ ...filter, action: AUDIT_ACTIONS.find((a) => a === e.target.value) })}
        >
          <option value="">{TEXT.audit.all}</option>
          {AUDIT_ACTIONS.map((a: AuditAction) => (
            <option key={a} value={a}>
              {TEXT.audit.actionLabels[a]}
            </option>
          ))}
        </Select>
        <Select
          label={TEXT.audit.actorFilter}
          className="input"
          value={filter.actor ?? ""}
          onChange={(e) => change({ ...filter, actor: Number(e.target.value) || undefined })}
        >
          <option value="">{TEXT.audit.all}</option>
          {admins.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name || m.email}
            </option>
          ))}
        </Select>
      </div>
      {switching || !page ? (
        <div className="state">
          <Spinner label={TEXT.audit.loading} />
        </div>
      ) : !page.ok ? (
        <ErrorState
          text={TEXT.audit.loadFailed}
          busy={filtered.state === "loading"}
          onRetry={() => void filtered.load(pageHref(filter))}
        />
      ) : pages.items.length === 0 ? (
        <EmptyState title={TEXT.audit.empty} />
      ) : (
        <>
          {/* biome-ignore lint/a11y: focusable so the keyboard can scroll it (axe: scrollable-region-focusable). */}
          <div className="table-wrap card card-tight" tabIndex={0} role="region" aria-labelledby="audit-caption">
            <table className="admin-table">
              <caption id="audit-caption" className="visually-hidden">
                {TEXT.audit.title}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{TEXT.audit.columns.time}</th>
                  <th scope="col">{TEXT.audit.columns.actor}</th>
                  <th scope="col">{TEXT.audit.columns.action}</th>
                  <th scope="col">{TEXT.audit.columns.target}</th>
                  <th scope="col">{TEXT.audit.columns.change}</th>
                </tr>
              </thead>
              <tbody>
                {pages.items.map((row) => (
                  <tr key={row.id} data-testid="audit-row">
                    <td>
                      <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
                    </td>
                    <td>{actorOf(row)}</td>
                    <td>{TEXT.audit.actionLabels[row.action]}</td>
                    <td>{TEXT.audit.target(row.target_type, row.target_id)}</td>
                    <td className="audit-change">
                      {describeState(row.before)} → {describeState(row.after)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore pages={pages} loadingLabel={TEXT.audit.loading} failedText={TEXT.audit.loadFailed} />
        </>
      )}
    </div>
  );
}
