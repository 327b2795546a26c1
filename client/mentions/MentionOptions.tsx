// The @mention suggestions' options (useMentions): each member with their avatar, the active one marked.
import { Avatar } from "../components/Avatar";

export function MentionOptions({
  listId,
  members,
  selected,
  onPick,
}: {
  listId: string;
  members: { id: number; name: string; avatar_url: string | null }[];
  selected: number;
  onPick(member: { id: number; name: string }): void;
}) {
  return members.map((m, i) => (
    // biome-ignore lint/a11y: a combobox's popup: focus stays in the input (WAI-ARIA).
    <li
      key={m.id}
      id={`${listId}-${i}`}
      // biome-ignore lint/a11y: a combobox's popup: focus stays in the input (WAI-ARIA).
      role="option"
      aria-selected={i === selected}
      className={i === selected ? "mention-option active" : "mention-option"}
      // mousedown, not click: the textarea keeps focus (its blur would close the list first).
      onMouseDown={(e) => {
        e.preventDefault();
        onPick(m);
      }}
    >
      <Avatar src={m.avatar_url} name={m.name} size={24} />
      {m.name}
    </li>
  ));
}
