import { useState } from "react";
import { useFetcher } from "react-router";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { AdminBadge } from "../components/AdminBadge";
import { Avatar } from "../components/Avatar";
import { useConfirm } from "../components/ConfirmDialog";
import { formatDate } from "../components/format";
import { onDemand } from "../components/on-demand";
import { EmptyState } from "../components/States";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { loadWords } from "../i18n/language";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { ADMIN_PATH } from "./data";
import { MuteControls } from "./MuteControls";
import type { Member } from "./types";

// The add-member dialog loads its code and words when opened.
const AddMemberModal = onDemand(() => import("./AddMemberModal").then((m) => m.AddMemberModal), ["adminTabs"]);

/** Builds the members' CSV and saves it; its code and column names load on the first export. */
async function exportMembers(members: Member[]) {
  const [{ downloadCsv, membersCsv }] = await Promise.all([import("./csv"), loadWords(["adminTabs"])]);
  downloadCsv("members.csv", membersCsv(members));
}

const STATUS_BADGE: Record<string, string> = {
  active: "badge-active",
  trial: "badge-admin-status",
  inactive: "badge-other",
};

export function MembersTab({ members }: { members: Member[] }) {
  const { user } = useSession();
  const toast = useToast();
  const [adding, setAdding] = useState(false);

  return (
    <div className="stack">
      <div className="spread">
        <h2 className="admin-section-title">{TEXT.admin.membersTitle}</h2>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            {TEXT.admin.addMemberButton}
          </button>
          <button type="button" className="btn" onClick={() => void exportMembers(members)}>
            {TEXT.admin.exportCsv}
          </button>
        </div>
      </div>
      {members.length === 0 ? (
        <EmptyState title={TEXT.admin.membersEmpty} />
      ) : (
        // biome-ignore lint/a11y: focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
        <div className="table-wrap card card-tight" tabIndex={0} role="region" aria-labelledby="members-caption">
          <table className="admin-table">
            <caption id="members-caption" className="visually-hidden">
              {TEXT.admin.membersTitle}
            </caption>
            <thead>
              <tr>
                <th scope="col">{TEXT.admin.memberColumns.member}</th>
                <th scope="col">{TEXT.admin.memberColumns.status}</th>
                <th scope="col">{TEXT.admin.memberColumns.plan}</th>
                <th scope="col">{TEXT.admin.autorenewColumn}</th>
                <th scope="col">{TEXT.admin.memberColumns.joined}</th>
                <th scope="col">{TEXT.admin.actions}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id} data-testid="member-row">
                  <td>
                    <div className="member-cell">
                      <Avatar name={m.name} email={m.email} size={36} />
                      <div>
                        <div className="member-name">
                          {m.name || DEFAULT_NAME} {m.role === "admin" && <AdminBadge label={TEXT.admin.roles.admin} />}
                        </div>
                        <div className="faint">{m.email}</div>
                      </div>
                    </div>
                  </td>
                  <td>
                    <span className={`badge ${STATUS_BADGE[m.status] ?? "badge-other"}`}>
                      {TEXT.admin.memberStatus[m.status] ?? m.status}
                    </span>
                  </td>
                  <td>{m.plan ?? TEXT.admin.noPlan}</td>
                  <td data-testid="member-autorenew">{TEXT.admin.autorenewStates[m.auto_renew ?? "off"]}</td>
                  <td>{formatDate(m.created_at)}</td>
                  <td>
                    <div className="row">
                      <MemberActions member={m} self={m.id === user?.id} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {adding && (
        <AddMemberModal
          onClose={() => setAdding(false)}
          onAdded={(email) => {
            setAdding(false);
            toast.show(TEXT.admin.added(email), "success");
          }}
        />
      )}
    </div>
  );
}

/**
 * A member's row actions: role change and removal (each confirmed first) through one fetcher, and the mute controls.
 */
function MemberActions({ member: m, self }: { member: Member; self: boolean }) {
  const confirm = useConfirm();
  const toast = useToast();
  const write = useFetcher<ActionResult<unknown>>();
  const busy = write.state !== "idle";
  useSettled(write, (answer) => !answer.ok && toast.show(answer.error, "error"));
  const nextRole = m.role === "admin" ? "member" : "admin";

  const changeRole = async () => {
    if (
      await confirm(
        TEXT.admin.roleConfirm(m.name || m.email, TEXT.admin.roles[nextRole].toLowerCase()),
        TEXT.admin.changeRole,
      )
    ) {
      void submitJson(write, ADMIN_PATH, { intent: "set-role", id: m.id, role: nextRole });
    }
  };
  const remove = async () => {
    if (await confirm(TEXT.confirm.deleteMember))
      void submitJson(write, ADMIN_PATH, { intent: "delete-member", id: m.id });
  };

  return (
    <>
      {!self && (
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() => void changeRole()}
          aria-label={TEXT.admin.makeRoleLabel(TEXT.admin.makeRole[nextRole], m.email)}
        >
          {TEXT.admin.makeRole[nextRole]}
        </button>
      )}
      <MuteControls member={m} />
      {m.role !== "admin" && (
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={busy}
          onClick={() => void remove()}
          aria-label={TEXT.admin.deleteMemberLabel(m.email)}
        >
          {TEXT.common.delete}
        </button>
      )}
    </>
  );
}
