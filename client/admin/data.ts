import type { LoaderFunctionArgs } from "react-router";
import type { AuditAction } from "../../worker/shared/admin-rules";
import { MODERATION } from "../../worker/shared/rules";
import { api, errorText, unwrap } from "../api";
import { skipAfter } from "../data/actions";
import { loadPage } from "../data/pages";
import { TEXT } from "../text";

export const ADMIN_PATH = "/admin";
/** The API's audit route itself: the CSV export is a plain download from it (every matching row, not just a page). */
export const AUDIT_CSV_PATH = "/api/admin/audit";
export const AUDIT_PAGE = MODERATION.auditPageDefault;

/** The audit log's filters: by action and by the admin who acted; `before` pages by id. */
export type AuditFilter = { action?: AuditAction; actor?: number; before?: number };

/** The query of the audit route for `filter`: the JSON pages, and (format=csv) the export of every matching row. */
export function auditQuery(filter: AuditFilter, format?: "csv") {
  const query: Record<string, string> = {};
  if (filter.action) query.action = filter.action;
  if (filter.actor) query.actor = String(filter.actor);
  if (filter.before) query.before = String(filter.before);
  if (format) query.format = format;
  return query;
}

async function auditPage(filter: AuditFilter) {
  const rows = await unwrap(api.admin.audit.$get({ query: { ...auditQuery(filter), limit: String(AUDIT_PAGE) } }));
  // The route answers text only for format=csv, which a page never asks for.
  if (typeof rows === "string") throw new Error("unexpected CSV answer");
  return rows;
}
export type AuditRow = Awaited<ReturnType<typeof auditPage>>[number];

/** A page of the audit log for the filters in the URL (the Audit tab's fetcher: another filter, the next page). */
export const auditPageLoader = ({ request }: LoaderFunctionArgs) => {
  const params = new URL(request.url).searchParams;
  const filter: AuditFilter = {
    action: (params.get("action") as AuditAction | null) ?? undefined,
    actor: Number(params.get("actor")) || undefined,
    before: Number(params.get("before")) || undefined,
  };
  return loadPage(() => auditPage(filter));
};

/**
 * Members, payments, the dashboard figures and the payment configuration, in parallel. No sample data on failure: an
 * admin table must never show people who do not exist. The mode is only for the configuration notice: without an answer
 * the dashboard still works.
 */
export async function adminLoader() {
  try {
    const [members, payments, stats, mode, reports, audit] = await Promise.all([
      unwrap(api.admin.members.$get()),
      unwrap(api.admin.payments.$get()),
      unwrap(api.admin.stats.$get()),
      unwrap(api.payments.mode.$get()).catch(() => null),
      // The moderation queue and the audit log fail on their own: the tab shows its error and a retry.
      unwrap(api.admin.reports.$get()).then(
        (rows) => ({ ok: true as const, rows }),
        () => ({ ok: false as const }),
      ),
      loadPage(() => auditPage({})),
    ]);
    return { ok: true as const, members, payments, stats, mode, reports, audit };
  } catch (err) {
    return { ok: false as const, error: errorText(err, TEXT.admin.loadFailed) };
  }
}

/** A key test changes nothing the dashboard shows: no reload after it. */
export const skipAfterKeyTest = skipAfter("test-keys");
