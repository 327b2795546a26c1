import { useState } from "react";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { TEXT } from "../text";
import { api, errorText, unwrap } from "../api";
import { Avatar } from "../components/Avatar";
import { useConfirm } from "../components/ConfirmDialog";
import { formatDate } from "../components/format";
import { EmptyState } from "../components/States";
import { useToast } from "../components/Toasts";
import { useSession } from "../session/session-context";
import { AddMemberModal } from "./AddMemberModal";
import { downloadCsv, membersCsv } from "./csv";
import { MuteControls } from "./MuteControls";
import type { Member } from "./types";

const STATUS_BADGE: Record<string, string> = { active: "badge-active", trial: "badge-admin-status", inactive: "badge-other" };

export function MembersTab({ members, onChanged }: { members: Member[]; onChanged: () => Promise<void> }) {
  const { user } = useSession();
  const confirm = useConfirm();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  const remove = async (m: Member) => {
    if (!(await confirm(TEXT.confirm.deleteMember))) return;
    setBusyId(m.id);
    try {
      await unwrap(api.admin.members[":id"].$delete({ param: { id: String(m.id) } }));
      await onChanged();
    } catch (err) {
      toast.show(errorText(err, TEXT.admin.deleteMemberFailed), "error");
    } finally {
      setBusyId(null);
    }
  };

  const changeRole = async (m: Member) => {
    const role = m.role === "admin" ? "member" : "admin";
    if (!(await confirm(TEXT.admin.roleConfirm(m.name || m.email, TEXT.admin.roles[role].toLowerCase()), TEXT.admin.changeRole))) return;
    setBusyId(m.id);
    try {
      await unwrap(api.admin.members[":id"].$patch({ param: { id: String(m.id) }, json: { role } }));
      await onChanged();
    } catch (err) {
      toast.show(errorText(err, TEXT.admin.updateRoleFailed), "error");
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="stack">
      <div className="spread">
        <h2 className="admin-section-title">{TEXT.admin.membersTitle}</h2>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            {TEXT.admin.addMemberButton}
          </button>
          <button type="button" className="btn" onClick={() => downloadCsv("members.csv", membersCsv(members))}>
            {TEXT.admin.exportCsv}
          </button>
        </div>
      </div>
      {members.length === 0 ? (
        <EmptyState title={TEXT.admin.membersEmpty} />
      ) : (
        <div className="table-wrap card card-tight" tabIndex={0} role="region" aria-labelledby="members-caption">
          <table className="admin-table">
            <caption id="members-caption" className="visually-hidden">{TEXT.admin.membersTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXT.admin.memberColumns.member}</th>
                <th scope="col">{TEXT.admin.memberColumns.status}</th>
                <th scope="col">{TEXT.admin.memberColumns.plan}</th>
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
                          {m.name || DEFAULT_NAME} {m.role === "admin" && <span className="badge badge-admin"><span aria-hidden="true">♛</span> {TEXT.admin.roles.admin}</span>}
                        </div>
                        <div className="faint">{m.email}</div>
                      </div>
                    </div>
                  </td>
                  <td>
                    <span className={`badge ${STATUS_BADGE[m.status] ?? "badge-other"}`}>{TEXT.admin.memberStatus[m.status] ?? m.status}</span>
                  </td>
                  <td>{m.plan ?? TEXT.admin.noPlan}</td>
                  <td>{formatDate(m.created_at)}</td>
                  <td>
                    <div className="row">
                      {m.id !== user?.id && (
                        <button type="button" className="btn btn-sm" disabled={busyId === m.id} onClick={() => void changeRole(m)} aria-label={TEXT.admin.makeRoleLabel(TEXT.admin.makeRole[m.role === "admin" ? "member" : "admin"], m.email)}>
                          {TEXT.admin.makeRole[m.role === "admin" ? "member" : "admin"]}
                        </button>
                      )}
                      <MuteControls member={m} />
                      {m.role !== "admin" && (
                        <button type="button" className="btn btn-sm btn-danger" disabled={busyId === m.id} onClick={() => void remove(m)} aria-label={TEXT.admin.deleteMemberLabel(m.email)}>
                          {TEXT.common.delete}
                        </button>
                      )}
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
          onAdded={async (email) => {
            setAdding(false);
            toast.show(TEXT.admin.added(email), "success");
            await onChanged();
          }}
        />
      )}
    </div>
  );
}
