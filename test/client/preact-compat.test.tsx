// What the app relies on from Preact's React compatibility layer (docs/client.md "Preact").
import { act, render } from "@testing-library/react";
import { lazy, Suspense, useId, useState } from "react";
import { createPortal } from "react-dom";
import { describe, expect, it } from "vitest";

describe("preact/compat", () => {
  it(`gives useId a new id for a component mounted again at the same place (React Router keys fetchers by \
it)`, async () => {
    const ids: Record<string, string[]> = { plain: [], portal: [], lazy: [] };
    // biome-ignore lint/correctness/noComponentHookFactories: the probes record into this test's variables.
    function Probe({ kind }: { kind: string }) {
      ids[kind].push(useId());
      return null;
    }
    const LazyProbe = lazy(async () => ({ default: () => <Probe kind="lazy" /> }));
    let setOpen: (open: boolean) => void = () => undefined;
    // biome-ignore lint/correctness/noComponentHookFactories: the probes record into this test's variables.
    function Screen() {
      const [open, set] = useState(false);
      setOpen = set;
      return (
        <div>
          {open && <Probe kind="plain" />}
          {open && createPortal(<Probe kind="portal" />, document.body)}
          <Suspense fallback={null}>{open && <LazyProbe />}</Suspense>
        </div>
      );
    }
    render(<Screen />);
    for (const open of [true, false, true]) await act(async () => setOpen(open));
    await act(async () => undefined);
    for (const kind of ["plain", "portal", "lazy"]) {
      const mounts = [...new Set(ids[kind])];
      expect(mounts, kind).toHaveLength(2);
    }
    // And no two places share one.
    expect(new Set([...ids.plain, ...ids.portal, ...ids.lazy]).size).toBe(6);
  });
});
