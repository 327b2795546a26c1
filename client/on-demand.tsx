// A piece of a screen that its first paint does not draw (a dialog, an editor, a tab): its code and
// the words it shows load when it is first rendered, so they stay out of the screen's first load
// (docs/client.md "Loading"). Its trigger stays on the first paint; a click before the code arrives
// mounts the piece, which shows once it has (`fallback` meanwhile).
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { loadWords, type WordGroup } from "./i18n/language";

export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  words: readonly WordGroup[] = [],
): ComponentType<P & { fallback?: ReactNode }> {
  const Loaded = lazy(() => Promise.all([load(), loadWords(words)]).then(([component]) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per piece, at a module's top level, never while rendering.
  return function OnDemand({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...(props as P)} />
      </Suspense>
    );
  };
}
