// The words of autorenew in Spanish (Chile): words.ts's, typed by the English.
import { autorenew } from "../i18n/es";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "autorenew"> = {
  autorenew,
};
