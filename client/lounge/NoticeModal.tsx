import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useFetcher } from "react-router";
import {
  IMAGE_MODELS,
  IMAGE_QUALITIES,
  IMAGE_SIZES,
  IMAGE_STYLES,
  NOTICE_TEXT_TYPES,
  TEXT_MODELS,
} from "../../worker/shared/ai-rules";
import { LIMITS } from "../../worker/shared/rules";
import { ActionRow } from "../components/ActionRow";
import { imageUnavailableReason, useAiCapabilities } from "../components/ai";
import { Select, TextArea, TextField } from "../components/Field";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { TabList, tabPanelProps } from "../components/Tabs";
import { type ActionResult, failureOf, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { LOUNGE_PATH } from "./data";
import type { NoticeImageRequest, NoticeTextRequest } from "./notice-ai";

type Tab = "manual" | "ai-text" | "ai-image";
const TABS: { id: Tab; readonly label: string }[] = (["manual", "ai-text", "ai-image"] as const).map((id) => ({
  id,
  get label() {
    return TEXT.loungeDialogs.noticeTabs[id];
  },
}));

type Draft = { title: string; content: string; image_url: string; is_pinned: boolean };

/**
 * Create notice (admins): tabs Manual, AI Text and AI Image; the AI tabs fill the Manual form. Every
 * request is an intent of the lounge's action, sent by the tab's fetcher.
 */
export function NoticeModal({ onClose }: { onClose(): void }) {
  const [tab, setTab] = useState<Tab>("manual");
  const [draft, setDraft] = useState<Draft>({ title: "", content: "", image_url: "", is_pinned: false });
  const baseId = useId();
  const capabilities = useAiCapabilities();
  const select = (next: Tab) => {
    if (next === "ai-image") capabilities.load();
    setTab(next);
  };

  return (
    <Modal title={TEXT.lounge.createNoticeTitle} onClose={onClose} wide>
      <TabList label={TEXT.loungeDialogs.noticeSource} tabs={TABS} selected={tab} onSelect={select} ids={baseId} />
      <div {...tabPanelProps(baseId, tab)}>
        {tab === "manual" && <ManualTab draft={draft} setDraft={setDraft} onCancel={onClose} onCreated={onClose} />}
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

function ManualTab({
  draft,
  setDraft,
  onCancel,
  onCreated,
}: {
  draft: Draft;
  setDraft: React.Dispatch<React.SetStateAction<Draft>>;
  onCancel(): void;
  onCreated(): void;
}) {
  const id = useId();
  const create = useFetcher<ActionResult<unknown>>();
  const busy = create.state !== "idle";
  const valid = draft.title.trim() !== "" && draft.content.trim() !== "";
  useSettled(create, (answer) => answer.ok && onCreated());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    const notice = {
      title: draft.title.trim(),
      content: draft.content.trim(),
      image_url: draft.image_url.trim() || null,
      is_pinned: draft.is_pinned,
    };
    void submitJson(create, LOUNGE_PATH, { intent: "create-notice", notice });
  };
  const error = failureOf(create);

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={TEXT.loungeDialogs.noticeTitle}
        id={`${id}-title`}
        value={draft.title}
        maxLength={LIMITS.noticeTitleMax}
        required
        onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
      />
      <TextArea
        label={TEXT.loungeDialogs.noticeContent}
        id={`${id}-content`}
        hint={TEXT.loungeDialogs.noticeContentHint}
        rows={8}
        value={draft.content}
        required
        onChange={(e) => setDraft((d) => ({ ...d, content: e.target.value }))}
      />
      <TextField
        label={TEXT.loungeDialogs.noticeImageUrl}
        id={`${id}-image`}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={draft.image_url}
        onChange={(e) => setDraft((d) => ({ ...d, image_url: e.target.value }))}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.is_pinned}
          onChange={(e) => setDraft((d) => ({ ...d, is_pinned: e.target.checked }))}
        />
        {TEXT.loungeDialogs.pinNotice}
      </label>
      <FormError error={error} />
      <ActionRow
        onCancel={onCancel}
        submitLabel={TEXT.loungeDialogs.createNotice}
        pendingLabel={TEXT.loungeDialogs.creatingNotice}
        pending={busy}
        disabled={!valid}
      />
    </form>
  );
}

/**
 * An AI tab's form: the prompt, the tab's selects, what may stand in the way (`note`), the error, and
 * the generate button. The tab keeps its request and its fetcher.
 */
function AiPromptForm({
  id,
  label,
  placeholder,
  prompt,
  onPrompt,
  onGenerate,
  selects,
  note,
  error,
  submitLabel,
  busy,
}: {
  id: string;
  label: string;
  placeholder: string;
  prompt: string;
  onPrompt(prompt: string): void;
  onGenerate(): void;
  selects: ReactNode;
  /** Why the tab cannot generate right now (a provider without images): shown, and describes the button. */
  note?: string | null;
  error: ReturnType<typeof failureOf>;
  submitLabel: string;
  busy: boolean;
}) {
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (prompt.trim() && !note && !busy) onGenerate();
      }}
    >
      <TextArea
        label={label}
        id={`${id}-prompt`}
        rows={4}
        value={prompt}
        maxLength={LIMITS.aiPromptMax}
        placeholder={placeholder}
        onChange={(e) => onPrompt(e.target.value)}
      />
      <div className="row notice-selects">{selects}</div>
      {note && (
        <p className="hint" id={`${id}-unavailable`}>
          {note}
        </p>
      )}
      {/* An AI error: the message, then its 'Details' and 'Model' lines. */}
      <FormError error={error} />
      <ActionRow
        submitLabel={submitLabel}
        pendingLabel={TEXT.noticeAi.generating}
        pending={busy}
        disabled={!prompt.trim() || !!note}
        describedBy={note ? `${id}-unavailable` : undefined}
      />
    </form>
  );
}

function AiTextTab({ onGenerated }: { onGenerated(draft: { title: string; content: string }): void }) {
  const id = useId();
  const [req, setReq] = useState<NoticeTextRequest>({ prompt: "", type: NOTICE_TEXT_TYPES[0], model: TEXT_MODELS[0] });
  const draft = useFetcher<ActionResult<{ title: string; content: string }>>();
  useSettled(draft, (answer) => answer.ok && onGenerated(answer.value));
  return (
    <AiPromptForm
      id={id}
      label={TEXT.noticeAi.aiPrompt}
      placeholder={TEXT.noticeAi.aiTextPlaceholder}
      prompt={req.prompt}
      onPrompt={(prompt) => setReq((r) => ({ ...r, prompt }))}
      onGenerate={() =>
        void submitJson(draft, LOUNGE_PATH, { intent: "notice-text", request: { ...req, prompt: req.prompt.trim() } })
      }
      selects={
        <>
          <Select
            label={TEXT.noticeAi.aiType}
            value={req.type}
            options={NOTICE_TEXT_TYPES}
            onValue={(type) => setReq((r) => ({ ...r, type }))}
          />
          <Select
            label={TEXT.noticeAi.aiModel}
            value={req.model}
            options={TEXT_MODELS}
            onValue={(model) => setReq((r) => ({ ...r, model }))}
          />
        </>
      }
      error={failureOf(draft)}
      submitLabel={TEXT.noticeAi.generateText}
      busy={draft.state !== "idle"}
    />
  );
}

function AiImageTab({ onGenerated }: { onGenerated(imageUrl: string): void }) {
  const id = useId();
  const [req, setReq] = useState<NoticeImageRequest>({
    prompt: "",
    style: IMAGE_STYLES[0],
    quality: IMAGE_QUALITIES[0],
    size: IMAGE_SIZES[1],
    model: "openai",
  });
  const image = useFetcher<ActionResult<{ image_url: string }>>();
  useSettled(image, (answer) => answer.ok && onGenerated(answer.value.image_url));
  const unavailable = imageUnavailableReason(useAiCapabilities().caps, req.model);
  return (
    <AiPromptForm
      id={id}
      label={TEXT.noticeAi.aiImagePrompt}
      placeholder={TEXT.noticeAi.aiImagePlaceholder}
      prompt={req.prompt}
      onPrompt={(prompt) => setReq((r) => ({ ...r, prompt }))}
      onGenerate={() =>
        void submitJson(image, LOUNGE_PATH, { intent: "notice-image", request: { ...req, prompt: req.prompt.trim() } })
      }
      selects={
        <>
          <Select
            label={TEXT.noticeAi.aiStyle}
            value={req.style}
            options={IMAGE_STYLES}
            onValue={(style) => setReq((r) => ({ ...r, style }))}
          />
          <Select
            label={TEXT.noticeAi.aiQuality}
            value={req.quality}
            options={IMAGE_QUALITIES}
            onValue={(quality) => setReq((r) => ({ ...r, quality }))}
          />
          <Select
            label={TEXT.noticeAi.aiSize}
            value={req.size}
            options={IMAGE_SIZES}
            onValue={(size) => setReq((r) => ({ ...r, size }))}
          />
          <Select
            label={TEXT.noticeAi.aiModel}
            value={req.model}
            options={IMAGE_MODELS}
            onValue={(model) => setReq((r) => ({ ...r, model }))}
          />
        </>
      }
      note={unavailable}
      error={failureOf(image)}
      submitLabel={unavailable ? TEXT.lounge.comingSoon : TEXT.noticeAi.generateImage}
      busy={image.state !== "idle"}
    />
  );
}
