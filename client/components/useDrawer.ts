// A navigation that becomes a drawer on small screens (the app's sidebar, the chat's channel list).
// Opening moves focus to its first link or button; Escape closes it and gives focus back to whatever
// opened it, so keyboard users land where they were.
import { useCallback, useEffect, useRef, useState } from "react";

export function useDrawer<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    // Read before focus moves in: the control that opened the drawer.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      opener?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  // Stable, so an effect may depend on them.
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  return { open, ref, show, hide };
}
