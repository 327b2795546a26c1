// The words of the AI dialogs in English (the library's and the lounge's notice dialog: their failures' lines and
// the image models' availability), loaded with those dialogs (client/i18n/language.ts WORDS; docs/client.md "Words").
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
};
