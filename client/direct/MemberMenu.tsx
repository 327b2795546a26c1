// A member's name with its actions: Message opens (or creates) the direct message with them,
// Block and Unblock change the block. Shown wherever a name is (the lounge's authors, the chat's
// senders); the member's own name stays plain text. A button, so Tab and Enter reach it; Escape and
// focus leaving close it.
import { type FocusEvent, type KeyboardEvent, useRef, useState } from "react";
import { onDemand } from "../components/on-demand";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import "./direct.css";

// The open list (with its words and the blocks it reads and writes) loads when a menu first opens or its
// name is hovered or focused: no first paint draws it.
const MemberMenuList = onDemand(() => import("./MemberMenuList").then((m) => m.MemberMenuList), ["menus"]);

export function MemberMenu({ userId, name, id }: { userId: number | null; name: string; id?: string }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLSpanElement>(null);
  if (userId === null || !user || userId === user.id) {
    return (
      <span id={id} className="member-name">
        {name}
      </span>
    );
  }
  const closing = {
    onKeyDown: (e: KeyboardEvent) => e.key === "Escape" && setOpen(false),
    onBlur: (e: FocusEvent) => !menu.current?.contains(e.relatedTarget as Node | null) && setOpen(false),
  };
  return (
    <span ref={menu} className="member-menu">
      <button
        {...closing}
        id={id}
        type="button"
        className="member-name member-name-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title={TEXT.direct.memberActions(name)}
        disabled={busy}
        onPointerEnter={MemberMenuList.preload}
        onFocus={MemberMenuList.preload}
        onClick={() => {
          // Who is blocked is read again each time a menu opens.
          if (!open) void import("./blocks").then((blocks) => blocks.loadBlocks());
          setOpen((v) => !v);
        }}
      >
        {name}
      </button>
      {open && (
        <MemberMenuList userId={userId} name={name} closing={closing} close={() => setOpen(false)} setBusy={setBusy} />
      )}
    </span>
  );
}
