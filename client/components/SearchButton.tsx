// The header's search: a button, and Ctrl/Cmd+K anywhere in the app, open the search dialog (loaded
// on first use, client/search/SearchDialog.tsx).
import { useLayoutEffect, useState } from "react";
import { TEXT } from "../text";
import { Icon } from "./Icon";
import { ICON_SHAPES } from "./icon-shapes";
import { onDemand } from "./on-demand";
import "./header-tools.css";

const SearchDialog = onDemand(() => import("../search/SearchDialog").then((m) => m.default), ["search"]);

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

export function SearchButton() {
  const [open, setOpen] = useState(false);
  // Listening from the commit that shows the button: the shortcut works as soon as the button can be seen. A
  // passive effect of a commit the router makes runs after the browser paints it, so a Ctrl+K pressed in that
  // frame would be lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost header-tool"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Icon shape={ICON_SHAPES.search} />
        <span className="header-tool-word">{TEXT.search.open}</span>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a kbd is not focusable; aria-keyshortcuts announces it. */}
        <kbd aria-hidden="true">{isMac ? TEXT.search.shortcutMac : TEXT.search.shortcut}</kbd>
      </button>
      {open && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}
