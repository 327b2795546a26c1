import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import { ActionRow } from "../components/ActionRow";
import { TextArea, TextField } from "../components/Field";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { type ActionResult, failureOf, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { LIBRARY_PATH } from "./data";
import { parseTags, type ResourceItem, splitTagInput } from "./library";

/** docs/spec.md §2 edit modal (admins): title, description, tags; Cancel and Save Changes. */
export function EditModal({
  resource,
  onClose,
  onSaved,
}: {
  resource: ResourceItem;
  onClose(): void;
  onSaved(): void;
}) {
  const [title, setTitle] = useState(resource.title);
  const [description, setDescription] = useState(resource.description ?? "");
  const [tags, setTags] = useState(parseTags(resource.tags).join(", "));
  const [missingTitle, setMissingTitle] = useState(false);
  const save = useFetcher<ActionResult<unknown>>();
  const busy = save.state !== "idle";
  const error = missingTitle ? TEXT.resources.titleRequired : failureOf(save);
  useSettled(save, (answer) => answer.ok && onSaved());

  function submit(e: FormEvent) {
    e.preventDefault();
    setMissingTitle(!title.trim());
    if (!title.trim() || busy) return;
    const changes = { title: title.trim(), description: description.trim(), tags: splitTagInput(tags) };
    void submitJson(save, LIBRARY_PATH, { intent: "update-resource", id: resource.id, changes });
  }

  return (
    <Modal title={TEXT.libraryDialogs.editTitle} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={TEXT.libraryDialogs.titleLabel}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          maxLength={200}
        />
        <TextArea
          label={TEXT.libraryDialogs.descriptionLabel}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
        />
        <TextField label={TEXT.libraryDialogs.tagsInput} value={tags} onChange={(e) => setTags(e.target.value)} />
        <FormError error={error} />
        <ActionRow
          onCancel={onClose}
          submitLabel={TEXT.libraryDialogs.saveChanges}
          pendingLabel={TEXT.libraryDialogs.saving}
          pending={busy}
          disabled={!title.trim()}
        />
      </form>
    </Modal>
  );
}
