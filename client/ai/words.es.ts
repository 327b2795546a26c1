// The words of the AI dialogs in Spanish (Chile): words.ts's, typed by the English.
import { ai } from "../i18n/es";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "ai"> = { ai };
