// The avatar menu's links (client/components/AvatarMenu.tsx): the member's profile and settings. Escape and focus
// leaving close the menu through the handlers the menu passes.
import type { FocusEvent, KeyboardEvent } from "react";
import { SETTINGS_PATH } from "../../worker/shared/settings";
import { TEXT } from "../text";
import { Icon } from "./Icon";
import { ICON_SHAPES } from "./icon-shapes";
import { Link } from "./links";

export function AvatarMenuList({
  id,
  closing,
}: {
  id: string;
  closing: { onKeyDown(e: KeyboardEvent): void; onBlur(e: FocusEvent): void };
}) {
  return (
    <ul id={id} className="avatar-menu-list card card-tight">
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
  );
}
