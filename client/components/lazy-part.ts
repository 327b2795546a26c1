// A part of a screen that loads on demand (a dialog when opened, the bell after the first render): its
// module and the word groups it shows, loaded together, as one React.lazy component.
import { type ComponentType, lazy } from "react";
import { loadWords, type WordGroup } from "../i18n/language";

// `any`: whatever props the module's component takes (React.lazy's own constraint); the result keeps them.
export const lazyPart = <M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  words: readonly WordGroup[] = [],
) =>
  lazy(async () => {
    const [module] = await Promise.all([load(), loadWords(words)]);
    return { default: module[name] as M[K] };
  });
