// A member menu's open list (MemberMenu): Message and Block or Unblock, with the blocks' store and the writes
// behind them, loaded the first time a member's menu opens.
import type { FocusEvent, KeyboardEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { OPEN_PARAMS } from "../../worker/shared/item-links";
import { api, errorText, unwrap } from "../api";
import { CHAT_PATH } from "../chat/data";
import { useConfirm } from "../components/ConfirmDialog";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { useToast } from "../components/Toasts";
import { TEXT } from "../text";
import { setBlocked, useBlocks } from "./blocks";
import { DIRECT_ICON_SHAPES } from "./icon-shapes";

export function MemberMenuList({
  userId,
  name,
  closing,
  close,
  setBusy,
}: {
  userId: number;
  name: string;
  /** Escape and focus leaving, on every item of the menu. */
  closing: { onKeyDown(e: KeyboardEvent): void; onBlur(e: FocusEvent): void };
  close(): void;
  /** The name's button refuses presses while a block changes (the list has closed by then). */
  setBusy(busy: boolean): void;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  const confirm = useConfirm();
  const blocks = useBlocks();
  const T = TEXT.direct;
  const M = TEXT.menus;
  const blocked = blocks.list?.some((b) => b.user_id === userId) ?? false;
  const message = async () => {
    close();
    try {
      const channel = await unwrap(api.direct.$post({ json: { user_id: userId } }));
      navigate(`${CHAT_PATH}?${OPEN_PARAMS.group}=${channel.id}`);
    } catch (err) {
      toast.show(errorText(err, M.openFailed), "error");
    }
  };
  const toggleBlock = async () => {
    close();
    if (!blocked && !(await confirm(M.confirmBlock(name), M.block))) return;
    setBusy(true);
    try {
      await setBlocked(userId, !blocked);
      toast.show(blocked ? T.unblocked(name) : M.blocked(name), "success");
      // The lounge's items of this member collapse (or open) with its next read.
      void revalidator.revalidate();
    } catch (err) {
      toast.show(errorText(err, T.blockFailed), "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <span role="menu" aria-label={T.memberActions(name)} className="member-menu-list">
      <button {...closing} role="menuitem" type="button" className="btn btn-ghost btn-sm" onClick={message}>
        <Icon shape={ICON_SHAPES.comment} size={14} /> {M.message}
      </button>
      <button {...closing} role="menuitem" type="button" className="btn btn-ghost btn-sm" onClick={toggleBlock}>
        <Icon shape={DIRECT_ICON_SHAPES.block} size={14} /> {blocked ? T.unblock : M.block}
      </button>
    </span>
  );
}
