// @mention autocomplete for a textarea (the chat composer, the new post): typing `@` and letters
// offers matching members (ARIA combobox with a listbox); arrow keys move, Enter or Tab insert the
// name, Escape closes. The server matches the letters against a name or any word of it. The textarea
// shows "@Name"; `encode` turns each chosen one into its stored token (worker/shared/mentions.ts), so
// the mention means the member picked here, whoever else takes that name.

import { type KeyboardEvent, type RefObject, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";
import { mentionToken } from "../../worker/shared/mentions";
import { LIMITS } from "../../worker/shared/rules";
import { onDemand } from "../components/on-demand";
import { MENTIONS_PATH } from "../data-paths";
import { TEXT } from "../text";
import type { mentionsLoader } from "./data";
import "./mentions.css";

// The suggestions' options load when the member first focuses the field or types "@" and letters; the list
// shows once the members answer.
const MentionOptions = onDemand(() => import("./MentionOptions").then((m) => m.MentionOptions));

/** The address of the suggestions for `q` (the route's loader is client/mentions/data.ts). */
function mentionsHref(q: string, groupId?: number) {
  const params = new URLSearchParams({ q: q.slice(0, LIMITS.mentionQueryMax) });
  if (groupId) params.set("group_id", String(groupId));
  return `${MENTIONS_PATH}?${params}`;
}

/**
 * `@` then letters, right before the caret, at the start or after a character that cannot be part of a word or an
 * e-mail.
 */
const TYPED_MENTION = /(?:^|[^\p{L}\p{N}_@.])@([\p{L}\p{N}][\p{L}\p{N}._'-]*)$/u;

type Typed = { start: number; end: number; q: string };
type Member = { id: number; name: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function useMentions({
  value,
  setValue,
  textarea,
  groupId,
}: {
  value: string;
  setValue(value: string): void;
  textarea: RefObject<HTMLTextAreaElement | null>;
  groupId?: number;
}) {
  const suggestions = useFetcher<typeof mentionsLoader>();
  const [typed, setTyped] = useState<Typed | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const asked = useRef<string | null>(null);
  /** The members picked in this text, by the name inserted for them (the latest pick of a name wins). */
  const chosen = useRef(new Map<string, number>());

  /** Reads the word being typed at the caret (after a change, or when the caret moves). */
  const follow = (el: HTMLTextAreaElement) => {
    const caret = el.selectionStart;
    const match = el.selectionEnd === caret ? TYPED_MENTION.exec(el.value.slice(0, caret)) : null;
    if (!match) {
      setTyped(null);
      return;
    }
    const q = match[1];
    setTyped((current) =>
      current?.q === q && current.end === caret ? current : { start: caret - q.length - 1, end: caret, q },
    );
    if (asked.current !== q) {
      asked.current = q;
      setActive(0);
      MentionOptions.preload();
      void suggestions.load(mentionsHref(q, groupId));
    }
  };

  const members = typed && suggestions.data?.q === typed.q ? suggestions.data.members : [];
  const open = members.length > 0;
  const selected = Math.min(active, Math.max(members.length - 1, 0));

  const insert = ({ id, name }: Member) => {
    if (!typed) return;
    chosen.current.set(name, id);
    const before = `${value.slice(0, typed.start)}@${name} `;
    // Rendered at once, so the caret lands after the name before the next key arrives (a frame later,
    // keys typed in between went to the old caret).
    flushSync(() => {
      setValue(before + value.slice(typed.end));
      setTyped(null);
    });
    asked.current = null;
    textarea.current?.focus();
    textarea.current?.setSelectionRange(before.length, before.length);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActive((selected + (e.key === "ArrowDown" ? 1 : -1) + members.length) % members.length);
    } else if ((e.key === "Enter" || e.key === "Tab") && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      insert(members[selected]);
    } else if (e.key === "Escape") {
      // Closes the list only (not the dialog the field may be in).
      e.preventDefault();
      e.stopPropagation();
      setTyped(null);
    }
  };

  /** The text to send: every "@Name" of a member picked here as their mention token (longest names first). */
  const encode = (text: string) => {
    const names = [...chosen.current.keys()].sort((a, b) => b.length - a.length);
    if (names.length === 0) return text;
    const pattern = new RegExp(`@(${names.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}_])`, "gu");
    return text.replace(pattern, (typed: string, name: string) => {
      const id = chosen.current.get(name);
      return id === undefined ? typed : mentionToken(name, id);
    });
  };
  /** After a send: the next text starts with no picks. */
  const reset = () => chosen.current.clear();

  return {
    encode,
    reset,
    /** Spread on the textarea; call `follow` from its change handler too. */
    inputProps: {
      role: "combobox",
      "aria-autocomplete": "list" as const,
      "aria-expanded": open,
      "aria-controls": listId,
      "aria-activedescendant": open ? `${listId}-${selected}` : undefined,
      onKeyDown,
      onFocus: MentionOptions.preload,
      onSelect: (e: { currentTarget: HTMLTextAreaElement }) => follow(e.currentTarget),
      onBlur: () => setTyped(null),
    },
    follow,
    list: (
      // biome-ignore lint/a11y: a combobox's popup: focus stays in the input (WAI-ARIA).
      <ul id={listId} role="listbox" aria-label={TEXT.mentions.suggestions} className="mention-list" hidden={!open}>
        {open && <MentionOptions listId={listId} members={members} selected={selected} onPick={insert} />}
      </ul>
    ),
  };
}
