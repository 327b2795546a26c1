import { useId, useState, type FormEvent } from "react";
import { api, errorText, unwrap } from "../api";
import { ActionRow } from "../components/ActionRow";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { TEXT } from "../text";
import { parseTags, splitTagInput, type ResourceItem } from "./library";

/** docs/spec.md §2 edit modal (admins): title, description, tags; Cancel and Save Changes. */
export function EditModal({ resource, onClose, onSaved }: { resource: ResourceItem; onClose(): void; onSaved(): void }) {
  const ids = { title: useId(), description: useId(), tags: useId() };
  const [title, setTitle] = useState(resource.title);
  const [description, setDescription] = useState(resource.description ?? "");
  const [tags, setTags] = useState(parseTags(resource.tags).join(", "));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const T = TEXT.library;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim()) return setError(TEXT.resources.titleRequired);
    setBusy(true);
    setError(null);
    try {
      await unwrap(
        api.resources[":id"].$put({
          param: { id: String(resource.id) },
          json: { title: title.trim(), description: description.trim(), tags: splitTagInput(tags) },
        }),
      );
      onSaved();
    } catch (err) {
      setError(errorText(err, TEXT.resources.updateFailed));
      setBusy(false);
    }
  }

  return (
    <Modal title={T.editTitle} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.title}>{T.titleLabel}</label>
          <input id={ids.title} className="input" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        </div>
        <div className="field">
          <label htmlFor={ids.description}>{T.descriptionLabel}</label>
          <textarea id={ids.description} className="textarea" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
        </div>
        <div className="field">
          <label htmlFor={ids.tags}>{T.tagsInput}</label>
          <input id={ids.tags} className="input" value={tags} onChange={(e) => setTags(e.target.value)} />
        </div>
        <FormError error={error} />
        <ActionRow onCancel={onClose} submitLabel={T.saveChanges} pendingLabel={T.saving} pending={busy} disabled={!title.trim()} />
      </form>
    </Modal>
  );
}
