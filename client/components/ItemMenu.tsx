import { type FocusEvent, type KeyboardEvent, useRef, useState } from "react";
import type { ReactionEmoji } from "../../worker/shared/rules";
import { TEXT } from "../text";
import { Icon } from "./Icon";
import { ICON_SHAPES } from "./icon-shapes";
import type { MenuItem } from "./menu-item";
import { onDemand } from "./on-demand";
import { useToast } from "./Toasts";
import "./item-menu.css";

// The open list and its words load when a menu first opens (or its button is hovered or focused): no first
// paint draws it.
const ItemMenuList = onDemand(() => import("./ItemMenuList").then((m) => m.ItemMenuList), ["menus"]);

/** Copies an in-app address as a full link, and says so (or shows it, where the clipboard is refused). */
export function useCopyLink() {
  const toast = useToast();
  return async (path: string) => {
    const link = new URL(path, location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      toast.show(TEXT.conversations.linkCopied, "success");
    } catch {
      toast.show(link);
    }
  };
}

/**
 * One menu per message, post and comment: a ⋯ button, shown on hover or focus where the
 * pointer hovers and always on touch screens, opening the reaction picker and the item's actions as
 * plain buttons (Tab reaches each). Escape closes it and returns focus to the button, as choosing an
 * action does; focus leaving the menu closes it.
 */
export function ItemMenu({
  label,
  items,
  reacted,
  onReact,
}: {
  /** The ⋯ button's name ("Actions for the message of Ana"). */
  label: string;
  items: MenuItem[];
  /** The emoji the member reacted with already (pressed in the picker). */
  reacted?: readonly ReactionEmoji[];
  /** Shown with the reaction picker only when the item takes reactions. */
  onReact?(emoji: ReactionEmoji): void;
}) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  // On every button of the menu: Escape closes it, and so does focus leaving it.
  const closing = {
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !open) return;
      e.stopPropagation();
      close();
    },
    onBlur: (e: FocusEvent) => !menu.current?.contains(e.relatedTarget as Node | null) && setOpen(false),
  };
  return (
    <div ref={menu} className={`item-menu${open ? " open" : ""}`}>
      <button
        {...closing}
        ref={toggle}
        type="button"
        className="btn btn-ghost btn-sm item-menu-toggle"
        aria-label={label}
        aria-expanded={open}
        onPointerEnter={ItemMenuList.preload}
        onFocus={ItemMenuList.preload}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon shape={ICON_SHAPES.more} size={16} />
      </button>
      {open && <ItemMenuList items={items} reacted={reacted} onReact={onReact} closing={closing} close={close} />}
    </div>
  );
}
