import { useId, useState, type FormEvent } from "react";
import { IMAGE_MODELS, IMAGE_QUALITIES, IMAGE_SIZES, IMAGE_STYLES, LIMITS, NOTICE_TEXT_TYPES, TEXT_MODELS } from "../../worker/shared/rules";
import { TEXT } from "../text";
import { api, errorText, unwrap } from "../api";
import { ActionRow } from "../components/ActionRow";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { TabList, tabPanelProps } from "../components/Tabs";
import { imageUnavailableReason, useAiCapabilities } from "../components/ai";
import { generateNoticeImage, generateNoticeText, NoticeAiError, type NoticeImageRequest, type NoticeTextRequest } from "./notice-ai";
import type { Notice } from "./types";

type Tab = "manual" | "ai-text" | "ai-image";
const TABS: { id: Tab; label: string }[] = [
  { id: "manual", label: "Manual" },
  { id: "ai-text", label: "AI Text" },
  { id: "ai-image", label: "AI Image" },
];

type Draft = { title: string; content: string; image_url: string; is_pinned: boolean };

const aiErrorText = (err: unknown, fallback: string) => (err instanceof NoticeAiError ? err.message : errorText(err, fallback));

/** Create notice (admins): tabs Manual, AI Text and AI Image; the AI tabs fill the Manual form. */
export function NoticeModal({ onClose, onCreated }: { onClose(): void; onCreated(notice: Notice): void }) {
  const [tab, setTab] = useState<Tab>("manual");
  const [draft, setDraft] = useState<Draft>({ title: "", content: "", image_url: "", is_pinned: false });
  const baseId = useId();

  return (
    <Modal title={TEXT.lounge.createNoticeTitle} onClose={onClose} wide>
      <TabList label="Notice source" tabs={TABS} selected={tab} onSelect={setTab} ids={baseId} />
      <div {...tabPanelProps(baseId, tab)}>
        {tab === "manual" && <ManualTab draft={draft} setDraft={setDraft} onCancel={onClose} onCreated={onCreated} />}
        {tab === "ai-text" && (
          <AiTextTab
            onGenerated={({ title, content }) => {
              setDraft((d) => ({ ...d, title, content }));
              setTab("manual");
            }}
          />
        )}
        {tab === "ai-image" && (
          <AiImageTab
            onGenerated={(image_url) => {
              setDraft((d) => ({ ...d, image_url }));
              setTab("manual");
            }}
          />
        )}
      </div>
    </Modal>
  );
}

function ManualTab({ draft, setDraft, onCancel, onCreated }: {
  draft: Draft;
  setDraft: React.Dispatch<React.SetStateAction<Draft>>;
  onCancel(): void;
  onCreated(notice: Notice): void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = draft.title.trim() !== "" && draft.content.trim() !== "";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const notice = await unwrap(
        api["cosmic-notices"].$post({
          json: { title: draft.title.trim(), content: draft.content.trim(), image_url: draft.image_url.trim() || null, is_pinned: draft.is_pinned },
        }),
      );
      onCreated(notice);
    } catch (err) {
      setError(errorText(err, TEXT.lounge.noticeCreateFailed));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} className="input" value={draft.title} maxLength={LIMITS.noticeTitleMax} required onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-content`}>Content</label>
        <textarea
          id={`${id}-content`}
          className="textarea"
          rows={8}
          value={draft.content}
          required
          aria-describedby={`${id}-content-hint`}
          onChange={(e) => setDraft((d) => ({ ...d, content: e.target.value }))}
        />
        <span id={`${id}-content-hint`} className="hint">Basic HTML is allowed: paragraphs, headings, lists, emphasis, links and images.</span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-image`}>Image URL (optional)</label>
        <input id={`${id}-image`} className="input" type="url" inputMode="url" placeholder="https://" value={draft.image_url} onChange={(e) => setDraft((d) => ({ ...d, image_url: e.target.value }))} />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={draft.is_pinned} onChange={(e) => setDraft((d) => ({ ...d, is_pinned: e.target.checked }))} />
        Pin this notice
      </label>
      <FormError error={error} />
      <ActionRow onCancel={onCancel} submitLabel="Create Notice" pendingLabel="Creating notice" pending={busy} disabled={!valid} />
    </form>
  );
}

function Select<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly T[]; onChange(v: T): void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>{o}</option>
        ))}
      </select>
    </div>
  );
}

function AiTextTab({ onGenerated }: { onGenerated(draft: { title: string; content: string }): void }) {
  const id = useId();
  const [req, setReq] = useState<NoticeTextRequest>({ prompt: "", type: NOTICE_TEXT_TYPES[0], model: TEXT_MODELS[0] });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const generate = async (e: FormEvent) => {
    e.preventDefault();
    if (!req.prompt.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      onGenerated(await generateNoticeText({ ...req, prompt: req.prompt.trim() }));
    } catch (err) {
      setError(aiErrorText(err, TEXT.lounge.aiTextFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={generate}>
      <div className="field">
        <label htmlFor={`${id}-prompt`}>Prompt</label>
        <textarea id={`${id}-prompt`} className="textarea" rows={4} value={req.prompt} maxLength={LIMITS.aiPromptMax} placeholder="Describe the notice you want..." onChange={(e) => setReq((r) => ({ ...r, prompt: e.target.value }))} />
      </div>
      <div className="row notice-selects">
        <Select label="Type" value={req.type} options={NOTICE_TEXT_TYPES} onChange={(type) => setReq((r) => ({ ...r, type }))} />
        <Select label="Model" value={req.model} options={TEXT_MODELS} onChange={(model) => setReq((r) => ({ ...r, model }))} />
      </div>
      {/* An AI error: the message, then its 'Details' and 'Model' lines. */}
      <FormError error={error} />
      <ActionRow submitLabel="Generate Text" pendingLabel="Generating" pending={busy} disabled={!req.prompt.trim()} />
    </form>
  );
}

function AiImageTab({ onGenerated }: { onGenerated(imageUrl: string): void }) {
  const id = useId();
  const [req, setReq] = useState<NoticeImageRequest>({ prompt: "", style: IMAGE_STYLES[0], quality: IMAGE_QUALITIES[0], size: IMAGE_SIZES[1], model: "openai" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const caps = useAiCapabilities();
  const unavailable = imageUnavailableReason(caps, req.model);

  const generate = async (e: FormEvent) => {
    e.preventDefault();
    if (!req.prompt.trim() || unavailable || busy) return;
    setBusy(true);
    setError(null);
    try {
      onGenerated((await generateNoticeImage({ ...req, prompt: req.prompt.trim() })).image_url);
    } catch (err) {
      setError(aiErrorText(err, TEXT.lounge.aiImageFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={generate}>
      <div className="field">
        <label htmlFor={`${id}-prompt`}>Image prompt</label>
        <textarea id={`${id}-prompt`} className="textarea" rows={4} value={req.prompt} maxLength={LIMITS.aiPromptMax} placeholder="Describe the image..." onChange={(e) => setReq((r) => ({ ...r, prompt: e.target.value }))} />
      </div>
      <div className="row notice-selects">
        <Select label="Style" value={req.style} options={IMAGE_STYLES} onChange={(style) => setReq((r) => ({ ...r, style }))} />
        <Select label="Quality" value={req.quality} options={IMAGE_QUALITIES} onChange={(quality) => setReq((r) => ({ ...r, quality }))} />
        <Select label="Size" value={req.size} options={IMAGE_SIZES} onChange={(size) => setReq((r) => ({ ...r, size }))} />
        <Select label="Model" value={req.model} options={IMAGE_MODELS} onChange={(model) => setReq((r) => ({ ...r, model }))} />
      </div>
      {unavailable && <p className="hint" id={`${id}-unavailable`}>{unavailable}</p>}
      <FormError error={error} />
      <ActionRow
        submitLabel={unavailable ? TEXT.lounge.comingSoon : "Generate Image"}
        pendingLabel="Generating"
        pending={busy}
        disabled={!req.prompt.trim() || !!unavailable}
        describedBy={unavailable ? `${id}-unavailable` : undefined}
      />
    </form>
  );
}
