import { type DragEvent, type FormEvent, useId, useRef, useState } from "react";
import { errorText } from "../api";
import { ActionRow } from "../components/ActionRow";
import { Field, TextArea, TextField } from "../components/Field";
import { FormError } from "../components/FormError";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Modal } from "../components/Modal";
import { TEXT } from "../text";
import { formatBytes, splitTagInput } from "./library";
import { checkUploadFile, effectiveFileType, titleFromFileName, UPLOAD_ACCEPT, uploadResource } from "./upload";

/**
 * docs/spec.md §2/§5 upload: drag and drop or a file chooser, title from the file name, progress, the
 * spec's texts.
 */
export function UploadModal({ onClose, onUploaded }: { onClose(): void; onUploaded(): void }) {
  const fileId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [tags, setTags] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // The one write outside a fetcher: a fetcher cannot report upload progress (only XHR does, upload.ts);
  // busy is derived from that progress, and the library reloads when it is done (onUploaded).
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const T = TEXT.library;

  function choose(next: File | null | undefined) {
    if (!next) return;
    const problem = checkUploadFile(next);
    setError(problem);
    if (problem) return;
    setFile(next);
    setTitle(titleFromFileName(next.name));
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!busy) choose(e.dataTransfer.files?.[0]);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!file) return setError(TEXT.resources.fileRequired);
    const problem = checkUploadFile(file);
    if (problem) return setError(problem);
    if (!title.trim()) return setError(TEXT.resources.titleRequired);
    setError(null);
    setProgress(0);
    try {
      await uploadResource(
        {
          file,
          fileType: effectiveFileType(file),
          title: title.trim(),
          description: description.trim(),
          tags: splitTagInput(tags),
        },
        setProgress,
      );
      setFile(null);
      setTitle("");
      setDescription("");
      setTags("");
      setProgress(null);
      onUploaded();
    } catch (err) {
      setProgress(null);
      setError(errorText(err, TEXT.resources.uploadFailed));
    }
  }

  return (
    <Modal title={TEXT.libraryDialogs.uploadTitle} onClose={busy ? () => undefined : onClose}>
      <form onSubmit={submit} noValidate>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the file input inside is the keyboard's way. */}
        <div
          className={dragging ? "dropzone dragging" : "dropzone"}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="dropzone"
        >
          <p aria-hidden="true" className="dropzone-icon">
            <Icon shape={ICON_SHAPES.upload} />
          </p>
          {file ? (
            <p>
              <strong>{file.name}</strong> <span className="faint">({formatBytes(file.size)})</span>
            </p>
          ) : (
            <p>{TEXT.libraryDialogs.dropHere}</p>
          )}
          <label htmlFor={fileId} className="btn btn-sm">
            {file ? TEXT.libraryDialogs.chooseAnother : TEXT.libraryDialogs.chooseFile}
          </label>
          <input
            ref={inputRef}
            id={fileId}
            className="visually-hidden"
            type="file"
            accept={UPLOAD_ACCEPT}
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <p className="hint">{TEXT.libraryDialogs.acceptedFiles}</p>
        </div>

        <TextField
          label={TEXT.libraryDialogs.titleLabel}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          maxLength={200}
          disabled={busy}
        />
        <TextArea
          label={TEXT.libraryDialogs.descriptionOptional}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
          disabled={busy}
        />
        <TextField
          label={TEXT.libraryDialogs.tagsInput}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          placeholder={TEXT.libraryDialogs.tagsPlaceholder}
          disabled={busy}
        />

        {progress !== null && (
          <Field label={TEXT.libraryDialogs.uploadProgress(Math.round(progress * 100))}>
            {(control) => (
              <progress {...control} className="upload-progress" max={100} value={Math.round(progress * 100)} />
            )}
          </Field>
        )}
        <FormError error={error} />
        <ActionRow
          onCancel={onClose}
          cancelDisabled={busy}
          submitLabel={T.upload}
          pendingLabel={TEXT.libraryDialogs.uploading}
          pending={busy}
          disabled={!file || !title.trim()}
        />
      </form>
    </Modal>
  );
}
