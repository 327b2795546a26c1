import { useEffect, useState, type FormEvent } from "react";
import type { ChannelDto } from "../../worker/shared/chat-wire";
import { LIMITS } from "../../worker/shared/rules";
import { TEXT } from "../text";
import { api, errorText, unwrap, type Answer } from "../api";
import { useConfirm } from "../components/ConfirmDialog";
import { ActionRow } from "../components/ActionRow";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { Spinner } from "../components/Spinner";

type MembersList = Answer<(typeof api.groups)[":id"]["members"]["$get"]>;
type Member = MembersList["members"][number];
type Invitation = MembersList["invited"][number];

function ChannelFields({ name, description, isPrivate, onChange }: { name: string; description: string; isPrivate: boolean; onChange: (patch: Partial<{ name: string; description: string; isPrivate: boolean }>) => void }) {
  return (
    <>
      <div className="field">
        <label htmlFor="channel-name">{TEXT.chat.channelName}</label>
        <input id="channel-name" className="input" required maxLength={LIMITS.channelNameMax} value={name} onChange={(e) => onChange({ name: e.target.value })} />
        <span className="counter">
          {name.length}/{LIMITS.channelNameMax}
        </span>
      </div>
      <div className="field">
        <label htmlFor="channel-description">{TEXT.chat.channelDescription}</label>
        <textarea id="channel-description" className="textarea" maxLength={LIMITS.channelDescriptionMax} value={description} onChange={(e) => onChange({ description: e.target.value })} />
        <span className="counter">
          {description.length}/{LIMITS.channelDescriptionMax}
        </span>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={isPrivate} onChange={(e) => onChange({ isPrivate: e.target.checked })} />
        {TEXT.chat.privateChannel}
      </label>
    </>
  );
}

const toBody = (f: { name: string; description: string; isPrivate: boolean }) => ({
  name: f.name.trim(),
  description: f.description.trim() || null,
  is_private: f.isPrivate,
});

export function CreateChannelModal({ onClose, onCreated }: { onClose: () => void; onCreated: (channel: ChannelDto) => void }) {
  const [form, setForm] = useState({ name: "", description: "", isPrivate: false });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      onCreated(await unwrap(api.groups.$post({ json: toBody(form) })));
    } catch (err) {
      setError(errorText(err, TEXT.chat.createFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={TEXT.chat.createChannel} onClose={onClose}>
      <form onSubmit={submit}>
        <FormError error={error} />
        <ChannelFields {...form} onChange={(p) => setForm((f) => ({ ...f, ...p }))} />
        <ActionRow onCancel={onClose} submitLabel={TEXT.chat.createChannel} pendingLabel={TEXT.chat.creatingChannel} pending={busy} disabled={!form.name.trim()} />
      </form>
    </Modal>
  );
}

function MembersSection({ channelId }: { channelId: number }) {
  const T = TEXT.channelMembers;
  const [list, setList] = useState<MembersList | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const param = { id: String(channelId) };

  const load = () =>
    unwrap(api.groups[":id"].members.$get({ param: { id: String(channelId) } }))
      .then((l) => {
        setList(l);
        setLoadError(false);
      })
      .catch(() => setLoadError(true));
  useEffect(() => {
    void load();
  }, [channelId]);

  // Known and unknown emails get the same answer: an invitation (docs/architecture.md, "No account oracle").
  const invite = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || busy) return;
    setBusy(true);
    setError(null);
    setSentTo(null);
    try {
      const sent = await unwrap(api.groups[":id"].members.$post({ param, json: { email: email.trim() } }));
      setSentTo(sent.email);
      setEmail("");
      await load();
    } catch (err) {
      setError(errorText(err, TEXT.chat.memberAddFailed));
    } finally {
      setBusy(false);
    }
  };
  const write = async (request: Promise<unknown>, fallback: string) => {
    setError(null);
    setSentTo(null);
    try {
      await request;
      await load();
    } catch (err) {
      setError(errorText(err, fallback));
    }
  };
  const remove = (member: Member) =>
    write(unwrap(api.groups[":id"].members[":userId"].$delete({ param: { ...param, userId: String(member.id) } })), TEXT.chat.memberRemoveFailed);
  const revoke = (invitation: Invitation) =>
    write(unwrap(api.groups[":id"].invitations[":invitationId"].$delete({ param: { ...param, invitationId: String(invitation.id) } })), T.revokeFailed);

  return (
    <section className="chat-members" aria-labelledby="channel-members-title">
      <h3 id="channel-members-title">{T.title}</h3>
      {loadError ? (
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
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => void remove(m)} aria-label={T.removeLabel(m.email)}>
                {T.remove}
              </button>
            </li>
          ))}
          {list.invited.map((i) => (
            <li key={`i${i.id}`} className="spread">
              <span>
                {i.email} <span className="badge">{T.invitedBadge}</span>
              </span>
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => void revoke(i)} aria-label={T.revokeLabel(i.email)}>
                {T.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="row" onSubmit={invite}>
        <label htmlFor="channel-member-email" className="visually-hidden">
          {T.emailLabel}
        </label>
        <input id="channel-member-email" className="input" type="email" placeholder={T.emailPlaceholder} value={email} onChange={(e) => setEmail(e.target.value)} style={{ flex: 1, minWidth: 0 }} />
        <button type="submit" className="btn btn-sm" disabled={busy || !email.trim()}>
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

export function ManageChannelModal({ channel, onClose, onSaved, onDeleted }: { channel: ChannelDto; onClose: () => void; onSaved: (c: ChannelDto) => void; onDeleted: (id: number) => void }) {
  const confirm = useConfirm();
  const [form, setForm] = useState({ name: channel.name, description: channel.description ?? "", isPrivate: channel.is_private });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const param = { id: String(channel.id) };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await unwrap(api.groups[":id"].$put({ param, json: toBody(form) })));
    } catch (err) {
      setError(errorText(err, TEXT.chat.updateFailed));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (busy || !(await confirm(TEXT.confirm.deleteChannel, TEXT.chat.deleteChannel))) return;
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.groups[":id"].$delete({ param }));
      onDeleted(channel.id);
    } catch (err) {
      setError(errorText(err, TEXT.chat.deleteFailed));
      setBusy(false);
    }
  };

  return (
    <Modal title={TEXT.chat.manageTitle(channel.name)} onClose={onClose}>
      <form onSubmit={save}>
        <FormError error={error} />
        <ChannelFields {...form} onChange={(p) => setForm((f) => ({ ...f, ...p }))} />
        <ActionRow
          start={
            <button type="button" className="btn btn-danger" onClick={() => void remove()} disabled={busy}>
              {TEXT.chat.deleteChannel}
            </button>
          }
          onCancel={onClose}
          submitLabel={TEXT.chat.saveChanges}
          pendingLabel={TEXT.chat.savingChanges}
          pending={busy}
          disabled={!form.name.trim()}
        />
      </form>
      {form.isPrivate && <MembersSection channelId={channel.id} />}
    </Modal>
  );
}
