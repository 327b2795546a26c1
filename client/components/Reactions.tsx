import { useState } from "react";
import type { ReactionCountDto } from "../../worker/shared/chat-wire";
import type { ReactionEmoji, ReactionKind } from "../../worker/shared/rules";
import { errorText } from "../api";
import { reactionNames, toggleReaction } from "../reactions/requests";
import { TEXT } from "../text";
import { useToast } from "./Toasts";

type Names = Partial<Record<ReactionEmoji, string>>;

/**
 * An item's reactions as chips: the emoji and its count, pressed when the member is among them (a click
 * toggles it). Who reacted shows on hover or focus (the chip's title, asked for once) and on a long-press
 * or right click (a toast: touch screens have no hover).
 */
export function ReactionChips({
  kind,
  id,
  reactions,
  onToggle,
}: {
  kind: ReactionKind;
  id: number;
  reactions: ReactionCountDto[];
  onToggle?(emoji: ReactionEmoji): void;
}) {
  const [names, setNames] = useState<Names | null>(null);
  const toast = useToast();
  if (reactions.length === 0) return null;
  const load = async (): Promise<Names> => {
    if (names) return names;
    const answer = await reactionNames(kind, id).catch(() => []);
    const loaded: Names = Object.fromEntries(
      answer.map((r) => [r.emoji, TEXT.reactions.whoReacted(r.names, r.count - r.names.length)]),
    );
    setNames(loaded);
    return loaded;
  };
  return (
    <ul className="reaction-chips">
      {reactions.map((r) => (
        <li key={r.emoji}>
          <button
            type="button"
            className={`reaction-chip${r.mine ? " mine" : ""}`}
            aria-pressed={r.mine}
            aria-label={TEXT.reactions.chip(r.emoji, r.count)}
            title={names?.[r.emoji]}
            disabled={!onToggle}
            onPointerEnter={() => void load()}
            onFocus={() => void load()}
            onContextMenu={(e) => {
              e.preventDefault();
              void load().then((n) => n[r.emoji] && toast.show(`${r.emoji} ${n[r.emoji]}`));
            }}
            onClick={() => onToggle?.(r.emoji)}
          >
            <span aria-hidden="true">{r.emoji}</span> <span aria-hidden="true">{r.count}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The emoji the member reacted with, for the picker's pressed state. */
export const reactedWith = (reactions: ReactionCountDto[]) => reactions.filter((r) => r.mine).map((r) => r.emoji);

/**
 * A lounge item's reactions: as loaded, then as the server answered the member's last toggle (until the
 * item is loaded again). A refused toggle says why.
 */
export function useReactions(kind: ReactionKind, id: number, loaded: ReactionCountDto[]) {
  const [answered, setAnswered] = useState<{ from: ReactionCountDto[]; value: ReactionCountDto[] } | null>(null);
  const toast = useToast();
  const reactions = answered && answered.from === loaded ? answered.value : loaded;
  const toggle = async (emoji: ReactionEmoji) => {
    try {
      setAnswered({ from: loaded, value: await toggleReaction(kind, id, emoji) });
    } catch (err) {
      toast.show(errorText(err, TEXT.reactions.failed), "error");
    }
  };
  return { reactions, toggle };
}
