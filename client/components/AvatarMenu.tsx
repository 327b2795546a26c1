// The header's avatar: a menu to the member's profile and settings. Escape closes it and gives the focus back to the
// avatar; so does focus leaving it. Choosing a link closes it (the route changes).
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { SETTINGS_PATH } from "../../worker/shared/settings";
import { TEXT } from "../text";
import { Avatar } from "./Avatar";
import { Icon } from "./Icon";
import { ICON_SHAPES } from "./icon-shapes";
import { Link } from "./links";
import "./header-tools.css";

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
        aria-controls={id}
        onClick={() => setOpen(!open)}
        {...closing}
      >
        <Avatar src={user.avatar_url} name={user.name} email={user.email} size={32} />
        {/* Named by words, not an aria-label: the avatar's drawn initials are no part of the name. */}
        <span className="visually-hidden">{TEXT.nav.accountMenu}</span>
      </button>
      <ul id={id} className="avatar-menu-list card card-tight" hidden={!open}>
        <li>
          <Link to="/app/profile" {...closing}>
            <Icon shape={ICON_SHAPES.person} /> {TEXT.nav.profile}
          </Link>
        </li>
        <li>
          <Link to={SETTINGS_PATH} {...closing}>
            <Icon shape={ICON_SHAPES.settings} /> {TEXT.nav.settings}
          </Link>
        </li>
      </ul>
    </div>
  );
}
