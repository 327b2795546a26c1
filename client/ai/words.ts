// The words of the AI dialogs in English (the library's and the lounge's notice dialog: their fields, their failures'
// lines and the image models' availability), loaded with those dialogs (client/i18n/language.ts WORDS; docs/client.md "Words").
// words.es.ts is the same in Spanish.
import { AI_TEXTS } from "../../worker/shared/texts/ai";
import { RESOURCES_TEXTS } from "../../worker/shared/texts/resources";

export const words = {
  /** docs/spec.md §8: the lines an AI failure adds under the error (client/components/ai.ts). */
  ai: {
    ...AI_TEXTS,
    /** Why Gemini's image button says 'Coming Soon' (the library's and the notice dialog's). */
    geminiImagesSoonText: RESOURCES_TEXTS.geminiImagesSoonText,
    detailsLine: (details: string) => `Details: ${details}`,
    modelLine: (model: string) => `Model: ${model}`,
  },
  /** The library's AI dialog (client/resources/AiGenerateModal.tsx). */
  libraryAi: {
    aiTabsLabel: "What to generate",
    aiTabs: { text: "Text Content", image: "AI Images" },
    aiTextPrompt: "What should the content be about?",
    aiImagePrompt: "Describe the image",
    contentType: "Content type",
    aiModel: "AI model",
    style: "Style",
    quality: "Quality",
    size: "Size",
    textTypes: { article: "Article", guide: "Guide", meditation: "Meditation", wisdom: "Wisdom" },
    imageStyles: { vivid: "Vivid", natural: "Natural" },
    imageQualities: { standard: "Standard", hd: "HD" },
    generateContent: "Generate Content",
    generateImage: "Generate Image",
    generating: "Generating...",
  },
  /** The AI drafts of the lounge's notice dialog (client/lounge/NoticeModal.tsx). */
  noticeAi: {
    aiPrompt: "Prompt",
    aiTextPlaceholder: "Describe the notice you want...",
    aiImagePrompt: "Image prompt",
    aiImagePlaceholder: "Describe the image...",
    aiType: "Type",
    aiModel: "Model",
    aiStyle: "Style",
    aiQuality: "Quality",
    aiSize: "Size",
    generateText: "Generate Text",
    generateImage: "Generate Image",
    generating: "Generating",
  },
};
