// A member's name with its actions (issue 36): Message opens (or creates) the direct message with them,
// Block and Unblock change the block. Shown wherever a name is (the lounge's authors, the chat's
// senders); the member's own name stays plain text. A button, so Tab and Enter reach it; Escape and
// focus leaving close it.
import { type FocusEvent, type KeyboardEvent, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { OPEN_PARAMS } from "../../worker/shared/search";
import { api, errorText, unwrap } from "../api";
import { CHAT_PATH } from "../chat/data";
import { useConfirm } from "../components/ConfirmDialog";
import { Icon } from "../components/Icon";
import { useToast } from "../components/Toasts";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { loadBlocks, setBlocked, useBlocks } from "./blocks";
import "./direct.css";

export function MemberMenu({ userId, name, id }: { userId: number | null; name: string; id?: string }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLSpanElement>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  const confirm = useConfirm();
  const blocks = useBlocks();
  if (userId === null || !user || userId === user.id) {
    return (
      <span id={id} className="member-name">
        {name}
      </span>
    );
  }
  const T = TEXT.direct;
  const blocked = blocks.list?.some((b) => b.user_id === userId) ?? false;
  const closing = {
    onKeyDown: (e: KeyboardEvent) => e.key === "Escape" && setOpen(false),
    onBlur: (e: FocusEvent) => !menu.current?.contains(e.relatedTarget as Node | null) && setOpen(false),
  };
  const message = async () => {
    setOpen(false);
    try {
      const channel = await unwrap(api.direct.$post({ json: { user_id: userId } }));
      navigate(`${CHAT_PATH}?${OPEN_PARAMS.group}=${channel.id}`);
    } catch (err) {
      toast.show(errorText(err, T.openFailed), "error");
    }
  };
  const toggleBlock = async () => {
    setOpen(false);
    if (!blocked && !(await confirm(T.confirmBlock(name), T.block))) return;
    setBusy(true);
    try {
      await setBlocked(userId, !blocked);
      toast.show(blocked ? T.unblocked(name) : T.blocked(name), "success");
      // The lounge's items of this member collapse (or open) with its next read.
      void revalidator.revalidate();
    } catch (err) {
      toast.show(errorText(err, T.blockFailed), "error");
    } finally {
      setBusy(false);
    }
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
        title={T.memberActions(name)}
        disabled={busy}
        onClick={() => {
          if (!open) void loadBlocks();
          setOpen((v) => !v);
        }}
      >
        {name}
      </button>
      {open && (
        <span role="menu" aria-label={T.memberActions(name)} className="member-menu-list">
          <button {...closing} role="menuitem" type="button" className="btn btn-ghost btn-sm" onClick={message}>
            <Icon name="comment" size={14} /> {T.message}
          </button>
          <button {...closing} role="menuitem" type="button" className="btn btn-ghost btn-sm" onClick={toggleBlock}>
            <Icon name="block" size={14} /> {blocked ? T.unblock : T.block}
          </button>
        </span>
      )}
    </span>
  );
}
