import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import { LIMITS, type Role } from "../../worker/shared/rules";
import { ActionRow } from "../components/ActionRow";
import { Select, TextField } from "../components/Field";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { type ActionResult, failureOf, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { ADMIN_PATH } from "./data";

/** Pre-provisions an account: the person's first Google sign-in with this email binds to it. */
export function AddMemberModal({ onClose, onAdded }: { onClose: () => void; onAdded: (email: string) => void }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [missingEmail, setMissingEmail] = useState(false);
  const add = useFetcher<ActionResult<{ email: string } | null>>();
  const busy = add.state !== "idle";
  useSettled(add, (answer) => answer.ok && onAdded(answer.value?.email ?? email.trim()));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissingEmail(!email.trim());
    if (email.trim() && !busy)
      void submitJson(add, ADMIN_PATH, { intent: "add-member", email: email.trim(), name: name.trim() || null, role });
  };

  return (
    <Modal title={TEXT.adminParts.addMember} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormError error={missingEmail ? TEXT.admin.emailRequired : failureOf(add)} />
        <TextField
          label={TEXT.adminParts.emailLabel}
          id="add-member-email"
          type="email"
          autoComplete="off"
          required
          maxLength={LIMITS.emailMax}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={TEXT.adminParts.nameLabel}
          id="add-member-name"
          maxLength={LIMITS.nameMax}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Select
          label={TEXT.adminParts.roleLabel}
          id="add-member-role"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
        >
          <option value="member">{TEXT.admin.roles.member}</option>
          <option value="admin">{TEXT.admin.roles.admin}</option>
        </Select>
        <ActionRow
          onCancel={onClose}
          submitLabel={TEXT.adminParts.addMember}
          pendingLabel={TEXT.adminParts.addingMember}
          pending={busy}
        />
      </form>
    </Modal>
  );
}
