import { type FormEvent, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { ChannelDto } from "../../worker/shared/chat-wire";
import { LIMITS } from "../../worker/shared/rules";
import { ActionRow } from "../components/ActionRow";
import { useConfirm } from "../components/ConfirmDialog";
import { TextArea, TextField } from "../components/Field";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { Spinner } from "../components/Spinner";
import { type ActionResult, failureOf, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { CHAT_PATH, type channelMembersLoader } from "./data";

/** The Manage Channel dialog's members list: a fetcher of the data-only route, started by the button that opens it. */
export type MembersFetcher = FetcherWithComponents<Awaited<ReturnType<typeof channelMembersLoader>>>;

function ChannelFields({
  name,
  description,
  isPrivate,
  onChange,
}: {
  name: string;
  description: string;
  isPrivate: boolean;
  onChange: (patch: Partial<{ name: string; description: string; isPrivate: boolean }>) => void;
}) {
  return (
    <>
      <TextField
        label={TEXT.channelDialog.nameLabel}
        id="channel-name"
        required
        maxLength={LIMITS.channelNameMax}
        value={name}
        onChange={(e) => onChange({ name: e.target.value })}
        counter={{ text: `${name.length}/${LIMITS.channelNameMax}` }}
      />
      <TextArea
        label={TEXT.channelDialog.descriptionLabel}
        id="channel-description"
        maxLength={LIMITS.channelDescriptionMax}
        value={description}
        onChange={(e) => onChange({ description: e.target.value })}
        counter={{ text: `${description.length}/${LIMITS.channelDescriptionMax}` }}
      />
      <label className="checkbox">
        <input type="checkbox" checked={isPrivate} onChange={(e) => onChange({ isPrivate: e.target.checked })} />
        {TEXT.channelDialog.privateLabel}
      </label>
    </>
  );
}

const toBody = (f: { name: string; description: string; isPrivate: boolean }) => ({
  name: f.name.trim(),
  description: f.description.trim() || null,
  is_private: f.isPrivate,
});

export function CreateChannelModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (channel: ChannelDto) => void;
}) {
  const [form, setForm] = useState({ name: "", description: "", isPrivate: false });
  const create = useFetcher<ActionResult<ChannelDto>>();
  const busy = create.state !== "idle";
  const error = failureOf(create);
  useSettled(create, (answer) => answer.ok && onCreated(answer.value));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && form.name.trim())
      void submitJson(create, CHAT_PATH, { intent: "create-channel", channel: toBody(form) });
  };
  return (
    <Modal title={TEXT.chat.createChannel} onClose={onClose}>
      <form onSubmit={submit}>
        <FormError error={error} />
        <ChannelFields {...form} onChange={(p) => setForm((f) => ({ ...f, ...p }))} />
        <ActionRow
          onCancel={onClose}
          submitLabel={TEXT.chat.createChannel}
          pendingLabel={TEXT.channelDialog.creating}
          pending={busy}
          disabled={!form.name.trim()}
        />
      </form>
    </Modal>
  );
}

function MembersSection({ channelId, members }: { channelId: number; members: MembersFetcher }) {
  const T = TEXT.channelMembers;
  const [email, setEmail] = useState("");
  const invite = useFetcher<ActionResult<{ email: string }>>();
  const change = useFetcher<ActionResult<unknown>>();
  const inviting = invite.state !== "idle";
  const changing = change.state !== "idle";
  useSettled(invite, (answer) => answer.ok && setEmail(""));
  const loaded = members.data;
  const list = loaded?.ok ? loaded.list : null;
  const error = failureOf(invite) ?? failureOf(change);
  const sentTo = !inviting && invite.data?.ok ? invite.data.value.email : null;

  const submitInvite = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim() && !inviting)
      void submitJson(invite, CHAT_PATH, { intent: "invite-member", id: channelId, email: email.trim() });
  };
  const remove = (userId: number) =>
    void submitJson(change, CHAT_PATH, { intent: "remove-member", id: channelId, userId });
  const revoke = (invitationId: number) =>
    void submitJson(change, CHAT_PATH, { intent: "revoke-invitation", id: channelId, invitationId });

  return (
    <section className="chat-members" aria-labelledby="channel-members-title">
      <h3 id="channel-members-title">{T.title}</h3>
      {loaded?.ok === false ? (
        <p className="faint">{T.loadFailed}</p>
      ) : list === null ? (
        <Spinner small label={T.loading} />
      ) : list.members.length + list.invited.length === 0 ? (
        <p className="faint">{T.empty}</p>
      ) : (
        <ul className="chat-member-list">
          {list.members.map((m) => (
            <li key={`m${m.id}`} className="spread">
              <span>
                {m.name ?? m.email} <span className="faint">{m.email}</span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={changing}
                onClick={() => remove(m.id)}
                aria-label={T.removeLabel(m.email)}
              >
                {T.remove}
              </button>
            </li>
          ))}
          {list.invited.map((i) => (
            <li key={`i${i.id}`} className="spread">
              <span>
                {i.email} <span className="badge">{T.invitedBadge}</span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={changing}
                onClick={() => revoke(i.id)}
                aria-label={T.revokeLabel(i.email)}
              >
                {T.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="row" onSubmit={submitInvite}>
        <label htmlFor="channel-member-email" className="visually-hidden">
          {T.emailLabel}
        </label>
        <input
          id="channel-member-email"
          className="input"
          type="email"
          placeholder={T.emailPlaceholder}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          style={{ flex: 1, minWidth: 0 }}
        />
        <button type="submit" className="btn btn-sm" disabled={inviting || !email.trim()}>
          {T.invite}
        </button>
      </form>
      <FormError error={error} />
      <p className="faint">{T.invitedNote}</p>
      {sentTo && (
        <p className="faint" role="status">
          {T.sent(sentTo)}
        </p>
      )}
    </section>
  );
}

export function ManageChannelModal({
  channel,
  members,
  onClose,
  onSaved,
  onDeleted,
}: {
  channel: ChannelDto;
  members: MembersFetcher;
  onClose: () => void;
  onSaved: () => void;
  onDeleted: (id: number) => void;
}) {
  const confirm = useConfirm();
  const [form, setForm] = useState({
    name: channel.name,
    description: channel.description ?? "",
    isPrivate: channel.is_private,
  });
  const save = useFetcher<ActionResult<ChannelDto>>();
  const removal = useFetcher<ActionResult<unknown>>();
  const busy = save.state !== "idle" || removal.state !== "idle";
  const error = failureOf(save) ?? failureOf(removal);
  useSettled(save, (answer) => answer.ok && onSaved());
  useSettled(removal, (answer) => answer.ok && onDeleted(channel.id));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && form.name.trim())
      void submitJson(save, CHAT_PATH, { intent: "update-channel", id: channel.id, channel: toBody(form) });
  };
  const remove = async () => {
    if (!busy && (await confirm(TEXT.confirm.deleteChannel, TEXT.channelDialog.delete)))
      void submitJson(removal, CHAT_PATH, { intent: "delete-channel", id: channel.id });
  };

  return (
    <Modal title={TEXT.channelDialog.manageTitle(channel.name)} onClose={onClose}>
      <form onSubmit={submit}>
        <FormError error={error} />
        <ChannelFields {...form} onChange={(p) => setForm((f) => ({ ...f, ...p }))} />
        <ActionRow
          start={
            <button type="button" className="btn btn-danger" onClick={() => void remove()} disabled={busy}>
              {TEXT.channelDialog.delete}
            </button>
          }
          onCancel={onClose}
          submitLabel={TEXT.channelDialog.save}
          pendingLabel={TEXT.channelDialog.saving}
          pending={busy}
          disabled={!form.name.trim()}
        />
      </form>
      {form.isPrivate && <MembersSection channelId={channel.id} members={members} />}
    </Modal>
  );
}
