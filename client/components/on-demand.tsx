// A part of a screen that its first paint does not draw (a menu's open list, an edit form, a dialog, a
// tab, a link's preview, the bell): its code and the word groups it shows load the first time it is
// rendered, so they stay out of the screen's first load (docs/client.md "Loading"). Its trigger stays in
// the first paint: a click made before the code arrives still shows the part when it does (`fallback`
// meanwhile, nothing by default). `preload` starts the download earlier (on hover or focus); `after`
// holds it back until a promise resolves (the shell's parts: until the first screen is shown).
import { type ComponentType, lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";
import { loadWords } from "../i18n/language";
import type { WordGroup } from "../i18n/word-groups";

const noSubscription = () => () => undefined;
/**
 * False while the worker renders a page and while the browser hydrates it, true from then on: a part on demand
 * is never in a first paint, so the page the worker wrote shows its fallback, and hydration finds that same
 * fallback before the part's code is asked for (client/server-render.tsx).
 */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  words: readonly WordGroup[] = [],
  after?: Promise<void>,
) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    const begin = () => Promise.all([load(), loadWords(words)]);
    loading ??= (after ? after.then(begin) : begin()).then(([component]) => ({ default: component }));
    return loading;
  };
  const Loaded = lazy(start);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at its module's top level.
  function OnDemand({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    return <Suspense fallback={fallback}>{useHydrated() ? <Loaded {...(props as P)} /> : fallback}</Suspense>;
  }
  // A failed early download is not the trigger's to report: showing the part then fails as any lazy part does.
  const preload = () => void start().catch(() => undefined);
  return Object.assign(OnDemand, { preload });
}
