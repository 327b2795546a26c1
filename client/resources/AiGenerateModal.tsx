import { type FormEvent, useId, useState } from "react";
import { useFetcher } from "react-router";
import {
  IMAGE_MODELS,
  IMAGE_QUALITIES,
  IMAGE_SIZES,
  IMAGE_STYLES,
  RESOURCE_TEXT_TYPES,
  TEXT_MODELS,
} from "../../worker/shared/ai-rules";
import { ActionRow } from "../components/ActionRow";
import { imageUnavailableReason, useAiCapabilities } from "../components/ai";
import { FormError } from "../components/FormError";
import { Modal } from "../components/Modal";
import { type TabItem, TabList, tabPanelProps } from "../components/Tabs";
import { type ActionResult, failureOf, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { LIBRARY_PATH } from "./data";
import { splitTagInput } from "./library";
import type { GenerationResult, ImageGenerationInput, TextGenerationInput } from "./resource-ai";

type Tab = "text" | "image";
const TAB_IDS: readonly Tab[] = ["text", "image"];

function Select<T extends string>({
  label,
  value,
  options,
  optionLabels,
  onChange,
  disabled,
}: {
  label: string;
  value: NoInfer<T>;
  options: readonly T[];
  optionLabels?: Readonly<Record<T, string>>;
  onChange(v: NoInfer<T>): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select input"
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        disabled={disabled}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabels?.[o] ?? o}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextField({
  label,
  value,
  onChange,
  placeholder,
  multiline,
  disabled,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  placeholder?: string;
  multiline?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          className="textarea"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          disabled={disabled}
        />
      ) : (
        <input
          id={id}
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          disabled={disabled}
        />
      )}
    </div>
  );
}

/** docs/spec.md §2 AI generator: a text tab and an image tab, each with its own form and one generate call. */
export function AiGenerateModal({
  onClose,
  onGenerated,
}: {
  onClose(): void;
  onGenerated(result: GenerationResult): void;
}) {
  const [tab, setTab] = useState<Tab>("text");
  const generate = useFetcher<ActionResult<GenerationResult>>();
  const busy = generate.state !== "idle";
  const tabsId = useId();

  const [prompt, setPrompt] = useState("");
  const [title, setTitle] = useState("");
  const [tags, setTags] = useState("");
  const [textType, setTextType] = useState<TextGenerationInput["type"]>(RESOURCE_TEXT_TYPES[0]);
  const [textModel, setTextModel] = useState<TextGenerationInput["model"]>("openai");
  const [style, setStyle] = useState<ImageGenerationInput["style"]>(IMAGE_STYLES[0]);
  const [quality, setQuality] = useState<ImageGenerationInput["quality"]>(IMAGE_QUALITIES[0]);
  const [size, setSize] = useState<ImageGenerationInput["size"]>(IMAGE_SIZES[1]);
  const [imageModel, setImageModel] = useState<ImageGenerationInput["model"]>("openai");

  const T = TEXT.library;
  const tabs: TabItem<Tab>[] = TAB_IDS.map((id) => ({ id, label: TEXT.libraryAi.aiTabs[id] }));
  const capabilities = useAiCapabilities();
  // What the server can draw is asked for when the image tab is first opened (as the lounge's notice dialog does).
  const choose = (next: Tab) => {
    if (next === "image") capabilities.load();
    setTab(next);
  };
  const imageUnavailable = tab === "image" ? imageUnavailableReason(capabilities.caps, imageModel) : null;
  const canGenerate = !busy && prompt.trim() !== "" && !imageUnavailable;

  useSettled(generate, (answer) => {
    if (!answer.ok) return;
    setPrompt("");
    setTitle("");
    setTags("");
    setTextModel("openai");
    setImageModel("openai");
    onGenerated(answer.value);
  });
  // An AI error: the message, then its 'Details' and 'Model' lines; a tab switch starts afresh.
  const [errorTab, setErrorTab] = useState(tab);
  const errors = errorTab === tab ? failureOf(generate) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canGenerate) return;
    setErrorTab(tab);
    const common = {
      prompt: prompt.trim(),
      ...(title.trim() ? { title: title.trim() } : {}),
      tags: splitTagInput(tags),
    };
    if (tab === "text")
      void submitJson(generate, LIBRARY_PATH, {
        intent: "generate-text",
        input: { ...common, type: textType, model: textModel },
      });
    else
      void submitJson(generate, LIBRARY_PATH, {
        intent: "generate-image",
        input: { ...common, style, quality, size, model: imageModel },
      });
  }

  return (
    <Modal title={T.aiGenerate} onClose={onClose} wide>
      <TabList label={TEXT.libraryAi.aiTabsLabel} tabs={tabs} selected={tab} onSelect={choose} ids={tabsId} />
      <form {...tabPanelProps(tabsId, tab)} onSubmit={submit} noValidate>
        <TextField
          label={tab === "text" ? TEXT.libraryAi.aiTextPrompt : TEXT.libraryAi.aiImagePrompt}
          value={prompt}
          onChange={setPrompt}
          multiline
          disabled={busy}
        />
        <TextField
          label={TEXT.libraryDialogs.titleLabel}
          value={title}
          onChange={setTitle}
          placeholder={TEXT.resources.titlePlaceholder}
          disabled={busy}
        />
        {tab === "text" ? (
          <div className="ai-grid">
            <Select
              label={TEXT.libraryAi.contentType}
              value={textType}
              options={RESOURCE_TEXT_TYPES}
              optionLabels={TEXT.libraryAi.textTypes}
              onChange={setTextType}
              disabled={busy}
            />
            <Select
              label={TEXT.libraryAi.aiModel}
              value={textModel}
              options={TEXT_MODELS}
              onChange={setTextModel}
              disabled={busy}
            />
          </div>
        ) : (
          <div className="ai-grid">
            <Select
              label={TEXT.libraryAi.style}
              value={style}
              options={IMAGE_STYLES}
              optionLabels={TEXT.libraryAi.imageStyles}
              onChange={setStyle}
              disabled={busy}
            />
            <Select
              label={TEXT.libraryAi.quality}
              value={quality}
              options={IMAGE_QUALITIES}
              optionLabels={TEXT.libraryAi.imageQualities}
              onChange={setQuality}
              disabled={busy}
            />
            <Select label={TEXT.libraryAi.size} value={size} options={IMAGE_SIZES} onChange={setSize} disabled={busy} />
            <Select
              label={TEXT.libraryAi.aiModel}
              value={imageModel}
              options={IMAGE_MODELS}
              onChange={setImageModel}
              disabled={busy}
            />
          </div>
        )}
        <TextField label={TEXT.libraryDialogs.tagsInput} value={tags} onChange={setTags} disabled={busy} />
        {imageUnavailable && (
          <p className="alert alert-info" id={`${tabsId}-unavailable`}>
            <strong>{TEXT.resources.geminiImagesSoon}</strong> {imageUnavailable}
          </p>
        )}
        <FormError error={errors} />
        <ActionRow
          onCancel={onClose}
          submitLabel={
            imageUnavailable
              ? TEXT.resources.geminiImagesSoon
              : tab === "text"
                ? TEXT.libraryAi.generateContent
                : TEXT.libraryAi.generateImage
          }
          pendingLabel={TEXT.libraryAi.generating}
          pending={busy}
          disabled={!canGenerate}
          describedBy={imageUnavailable ? `${tabsId}-unavailable` : undefined}
        />
      </form>
    </Modal>
  );
}
