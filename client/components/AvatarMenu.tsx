// The header's avatar: a menu to the member's profile and settings. Escape closes it and gives the focus back to the
// avatar; so does focus leaving it. Choosing a link closes it (the route changes).
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { TEXT } from "../text";
import { Avatar } from "./Avatar";
import { onDemand } from "./on-demand";
import "./header-tools.css";

/** The menu's links load the first time it opens: they are never in a first paint. */
const AvatarMenuList = onDemand(() => import("./AvatarMenuList").then((m) => m.AvatarMenuList));

export function AvatarMenu({ user }: { user: { avatar_url: string | null; name: string | null; email: string } }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies(pathname): a link chosen closes the menu.
  useEffect(() => setOpen(false), [pathname]);
  const menu = useRef<HTMLDivElement>(null);
  // On the avatar and each link: Escape closes the menu, and so does focus leaving it.
  const closing = {
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !open) return;
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    },
    onBlur: (e: FocusEvent) => {
      if (!menu.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
    },
  };
  return (
    <div className="avatar-menu" ref={menu}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-icon"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        {...closing}
      >
        <Avatar src={user.avatar_url} name={user.name} email={user.email} size={32} />
        {/* Named by words, not an aria-label: the avatar's drawn initials are no part of the name. */}
        <span className="visually-hidden">{TEXT.nav.accountMenu}</span>
      </button>
      {open && <AvatarMenuList id={id} closing={closing} />}
    </div>
  );
}
