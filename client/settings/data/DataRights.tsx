import { type FormEvent, useId, useState } from "react";
import { useFetcher } from "react-router";
import { settingsPath } from "../../../worker/shared/settings";
import { ActionRow } from "../../components/ActionRow";
import { TextField } from "../../components/Field";
import { FormError } from "../../components/FormError";
import { Modal } from "../../components/Modal";
import { type ActionResult, submitJson, useSettled } from "../../data/actions";
import { useSession } from "../../session/session-context";
import { TEXT } from "../../text";
import { PROFILE_EXPORT_PATH } from "./data";

/**
 * The member's rights over their data (Chile's Law 21.719 on personal data): download everything as JSON,
 * and delete the account after reading exactly what goes, what stays without their name, and why.
 */
export function DataRights({ email }: { email: string }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="card stack">
      <p className="muted">{TEXT.dataRights.intro}</p>
      <div className="spread data-rights-row">
        <p className="faint">{TEXT.dataRights.downloadHint}</p>
        {/* The server answers with Content-Disposition: attachment; a plain link is the download. */}
        <a className="btn" href={PROFILE_EXPORT_PATH} download>
          {TEXT.dataRights.download}
        </a>
      </div>
      <div className="spread data-rights-row">
        <p className="faint">{TEXT.dataRights.deleteHint}</p>
        <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
          {TEXT.dataRights.deleteButton}
        </button>
      </div>
      {deleting && <DeleteAccountModal email={email} onClose={() => setDeleting(false)} />}
    </div>
  );
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function DeleteAccountModal({ email, onClose }: { email: string; onClose(): void }) {
  const [typed, setTyped] = useState("");
  const remove = useFetcher<ActionResult<unknown>>();
  const { store } = useSession();
  const summaryId = useId();
  const busy = remove.state !== "idle";
  const matches = sameEmail(typed, email);
  const summary = TEXT.account.deletionSummary;
  // The account is gone: the shell sees no user and shows the signed-out landing page.
  useSettled(remove, (answer) => answer.ok && store.signedOut());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches && !busy)
      void submitJson(remove, settingsPath("data"), { intent: "delete-account", confirm: typed.trim() });
  };

  return (
    <Modal title={TEXT.dataRights.deleteTitle} onClose={onClose} describedBy={summaryId}>
      <form onSubmit={submit}>
        <div id={summaryId} className="deletion-summary">
          <h3>{TEXT.dataRights.deletedHeading}</h3>
          <p>{summary.deleted}</p>
          <h3>{TEXT.dataRights.anonymisedHeading}</h3>
          <p>{summary.anonymised}</p>
          <h3>{TEXT.dataRights.keptHeading}</h3>
          <p>{summary.kept}</p>
        </div>
        <TextField
          label={TEXT.dataRights.confirmLabel(email)}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <FormError error={remove.data?.ok === false ? remove.data.error : null} />
        <ActionRow
          onCancel={onClose}
          danger
          submitLabel={TEXT.dataRights.confirmButton}
          pendingLabel={TEXT.dataRights.deleting}
          pending={busy}
          disabled={!matches}
        />
      </form>
    </Modal>
  );
}
