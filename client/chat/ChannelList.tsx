// The chat's channel list: each channel with its unread count (client/live/channel-unread.ts), the gear of the
// ones the member manages, and the button that creates one; then the direct messages, each
// under the other member's name and avatar.
import type { ReactNode } from "react";
import type { ChannelDto, ChannelListItem } from "../../worker/shared/chat-wire";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { Avatar } from "../components/Avatar";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { unreadLabel, useChannelUnread } from "../live/channel-unread";
import { TEXT } from "../text";
import { CHAT_ICON_SHAPES } from "./icon-shapes";

/** A channel's unread count beside its name; nothing when it has none. */
function ChannelUnreadCount({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="channel-count">
      <span aria-hidden="true">{unreadLabel(count)}</span>
      <span className="visually-hidden">{TEXT.unread.badge(count)}</span>
    </span>
  );
}

/** What a channel is called on screen: its name, or a direct message's other member. */
export const channelTitle = (c: ChannelListItem) =>
  c.is_direct ? (c.direct_with ? c.direct_with.name || DEFAULT_NAME : TEXT.direct.formerMember) : c.name;

/** One row of either list: the channel's button (what `children` draws, then its unread count) and its gear. */
function ChannelRow({
  channel: c,
  selected,
  unreadCount,
  onSelect,
  onManage,
  children,
}: {
  channel: ChannelListItem;
  selected: boolean;
  unreadCount: number;
  onSelect: (id: number) => void;
  onManage: (c: ChannelDto) => void;
  children: ReactNode;
}) {
  return (
    <li className={selected ? "chat-channel active" : "chat-channel"}>
      <button
        type="button"
        className="chat-channel-button"
        aria-current={selected ? "true" : undefined}
        onClick={() => onSelect(c.id)}
        onContextMenu={(e) => {
          if (!c.can_manage) return;
          e.preventDefault();
          onManage(c);
        }}
      >
        {children}
        {!selected && <ChannelUnreadCount count={unreadCount} />}
      </button>
      {c.can_manage && (
        <button
          type="button"
          className="btn btn-ghost btn-icon chat-gear"
          aria-label={TEXT.chat.manageChannelLabel(c.name)}
          title={TEXT.chat.manageChannel}
          onClick={() => onManage(c)}
        >
          <Icon shape={CHAT_ICON_SHAPES.gear} />
        </button>
      )}
    </li>
  );
}

export function ChannelList({
  channels,
  selectedId,
  onSelect,
  onManage,
  onCreate,
}: {
  channels: ChannelListItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onManage: (c: ChannelDto) => void;
  onCreate: () => void;
}) {
  const unread = useChannelUnread();
  const groups = channels.filter((c) => !c.is_direct);
  const direct = channels.filter((c) => c.is_direct);
  const row = (c: ChannelListItem) => ({
    channel: c,
    selected: c.id === selectedId,
    unreadCount: unread.get(c.id) ?? 0,
    onSelect,
    onManage,
  });
  return (
    <>
      <div className="spread chat-channels-head">
        <h2 id="chat-channels-title">{TEXT.chat.channels}</h2>
        <button type="button" className="btn btn-sm" onClick={onCreate}>
          {TEXT.chat.newChannel}
        </button>
      </div>
      {groups.length === 0 ? (
        <p className="faint">{TEXT.chat.noChannels}</p>
      ) : (
        <ul className="chat-channel-list" aria-labelledby="chat-channels-title">
          {groups.map((c) => (
            <ChannelRow key={c.id} {...row(c)}>
              <span aria-hidden="true">
                {c.is_private ? <Icon shape={ICON_SHAPES.lock} size={14} weight={2.2} /> : "#"}
              </span>
              <span className="chat-channel-name">{c.name}</span>
              {c.is_private && <span className="visually-hidden">{TEXT.chat.privateMark}</span>}
            </ChannelRow>
          ))}
        </ul>
      )}
      <h2 id="chat-direct-title" className="chat-direct-title">
        {TEXT.direct.title}
      </h2>
      {direct.length === 0 ? (
        <p className="faint">{TEXT.direct.none}</p>
      ) : (
        <ul className="chat-channel-list" aria-labelledby="chat-direct-title">
          {direct.map((c) => (
            <ChannelRow key={c.id} {...row(c)}>
              <Avatar src={c.direct_with?.avatar_url} name={channelTitle(c)} size={22} />
              <span className="chat-channel-name">{channelTitle(c)}</span>
            </ChannelRow>
          ))}
        </ul>
      )}
    </>
  );
}
