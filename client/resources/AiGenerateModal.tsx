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
import { Select, TextArea, TextField } from "../components/Field";
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
        <TextArea
          label={tab === "text" ? TEXT.libraryAi.aiTextPrompt : TEXT.libraryAi.aiImagePrompt}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          disabled={busy}
        />
        <TextField
          label={TEXT.libraryDialogs.titleLabel}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder={TEXT.resources.titlePlaceholder}
          disabled={busy}
        />
        {tab === "text" ? (
          <div className="ai-grid">
            <Select
              className="select input"
              label={TEXT.libraryAi.contentType}
              value={textType}
              options={RESOURCE_TEXT_TYPES}
              optionLabels={TEXT.libraryAi.textTypes}
              onValue={setTextType}
              disabled={busy}
            />
            <Select
              className="select input"
              label={TEXT.libraryAi.aiModel}
              value={textModel}
              options={TEXT_MODELS}
              onValue={setTextModel}
              disabled={busy}
            />
          </div>
        ) : (
          <div className="ai-grid">
            <Select
              className="select input"
              label={TEXT.libraryAi.style}
              value={style}
              options={IMAGE_STYLES}
              optionLabels={TEXT.libraryAi.imageStyles}
              onValue={setStyle}
              disabled={busy}
            />
            <Select
              className="select input"
              label={TEXT.libraryAi.quality}
              value={quality}
              options={IMAGE_QUALITIES}
              optionLabels={TEXT.libraryAi.imageQualities}
              onValue={setQuality}
              disabled={busy}
            />
            <Select
              className="select input"
              label={TEXT.libraryAi.size}
              value={size}
              options={IMAGE_SIZES}
              onValue={setSize}
              disabled={busy}
            />
            <Select
              className="select input"
              label={TEXT.libraryAi.aiModel}
              value={imageModel}
              options={IMAGE_MODELS}
              onValue={setImageModel}
              disabled={busy}
            />
          </div>
        )}
        <TextField
          label={TEXT.libraryDialogs.tagsInput}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          disabled={busy}
        />
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
