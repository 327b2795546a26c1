// An item menu's open list (ItemMenu): the reaction picker and the item's actions, loaded the first time a
// menu opens.
import type { FocusEvent, KeyboardEvent } from "react";
import { REACTIONS, type ReactionEmoji } from "../../worker/shared/rules";
import { TEXT } from "../text";
import { Icon } from "./Icon";
import type { MenuItem } from "./menu-item";

export function ItemMenuList({
  items,
  reacted,
  onReact,
  closing,
  close,
}: {
  items: MenuItem[];
  reacted?: readonly ReactionEmoji[];
  onReact?(emoji: ReactionEmoji): void;
  /** Escape and focus leaving, on every button of the menu. */
  closing: { onKeyDown(e: KeyboardEvent): void; onBlur(e: FocusEvent): void };
  /** Closes the menu and returns focus to its button. */
  close(): void;
}) {
  const run = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <div className="item-menu-list">
      {onReact && (
        <fieldset className="reaction-picker">
          <legend className="visually-hidden">{TEXT.menus.react}</legend>
          {REACTIONS.emoji.map((emoji) => (
            <button
              {...closing}
              key={emoji}
              type="button"
              className="btn btn-ghost btn-sm reaction-choice"
              aria-label={TEXT.menus.reactWith(emoji)}
              aria-pressed={reacted?.includes(emoji) ?? false}
              onClick={run(() => onReact(emoji))}
            >
              {emoji}
            </button>
          ))}
        </fieldset>
      )}
      {items.map((item) => (
        <button
          {...closing}
          key={item.label}
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={item.ariaLabel}
          onClick={run(item.onSelect)}
        >
          {item.icon && <Icon shape={item.icon} size={14} />} {item.label}
        </button>
      ))}
    </div>
  );
}
