// The words of profile in Spanish (Chile): words.ts's, typed by the English.
import { profile } from "../i18n/es";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "profile"> = {
  profile,
};
