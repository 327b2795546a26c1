// A part of a screen that its first paint does not draw (a menu's open list, an edit form, a dialog, a link's
// preview): its code loads the first time it is shown, and the trigger shows it as soon as the code is there,
// so a click made before then still opens it. `preload` starts the download earlier (on hover or focus).
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";

export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** What stands in its place while the code arrives (nothing by default). */
  fallback?: (props: P) => ReactNode,
) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  const Loaded = lazy(start);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at its module's top level.
  function OnDemand(props: P) {
    return (
      <Suspense fallback={fallback?.(props) ?? null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  // A failed early download is not the trigger's to report: showing the part then fails as any lazy part does.
  const preload = () => void start().catch(() => undefined);
  return Object.assign(OnDemand, { preload });
}
