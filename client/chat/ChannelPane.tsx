// The open channel: its heading, its messages (the feed: useChannelFeed) and the composer.
import { useEffect, useRef, useState } from "react";
import type { ChannelListItem, MessageDto } from "../../worker/shared/chat-wire";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { Avatar } from "../components/Avatar";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { onDemand } from "../components/on-demand";
import { Spinner } from "../components/Spinner";
import { EmptyState, ErrorState } from "../components/States";
import { useMutedText } from "../moderation/mute";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { channelTitle } from "./ChannelList";
import { MessageList, type ShownMessage } from "./MessageList";
import { type Outgoing, useOutbox } from "./outbox";
import { useChannelFeed } from "./useChannelFeed";

/**
 * The composer (and its mention suggestions) arrives just after the channel's messages are painted: it stays out of
 * the chat's first load, with a box of its own height in its place meanwhile so nothing moves.
 */
const Composer = onDemand(() => import("./Composer").then((m) => m.Composer));
const composerSpace = (
  <div className="chat-composer" aria-hidden="true">
    <div className="chat-composer-input" />
  </div>
);

export function ChannelPane({
  channel,
  linkedMessage,
  drawerOpen,
  onOpenDrawer,
  onChannelDeleted,
}: {
  channel: ChannelListItem;
  linkedMessage?: number;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  onChannelDeleted: () => void;
}) {
  const { user, store } = useSession();
  const title = channelTitle(channel);
  const [announcement, setAnnouncement] = useState("");
  /** The message the next send answers, chosen from its action menu. */
  const [replyingTo, setReplyingTo] = useState<MessageDto | null>(null);
  const feed = useChannelFeed(channel.id, {
    me: user?.id,
    onIncoming: (fromOthers) => {
      const last = fromOthers[fromOthers.length - 1];
      setAnnouncement(TEXT.chat.newMessage(last.sender_name, last.body));
    },
    onChannelDeleted,
    onSessionEnded: store.signedOut,
    // A mute set while this page was open shows at the first refused send: the user view then carries it.
    onMuted: () => void store.fetchUser(),
  });
  // A linked message older than the latest page: load from it on, once.
  const { reach, status, messages } = feed;
  const reached = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (
      !linkedMessage ||
      status !== "ready" ||
      reached.current === linkedMessage ||
      messages.some((m) => m.id === linkedMessage)
    )
      return;
    reached.current = linkedMessage;
    void reach(linkedMessage);
  }, [linkedMessage, status, messages, reach]);

  const mutedText = useMutedText();

  // The member's messages on their way out (outbox.ts) show after the stored ones, each with its state. A stored
  // copy can reach the feed before the send's answer (the channel's socket is often quicker): from then on it
  // stands in for the outgoing one, so the message never shows twice.
  const outbox = useOutbox((message) => feed.sendText(message.body, message.replyTo ?? undefined, message.key));
  const storedCopy = (o: Outgoing) =>
    feed.messages.some((m) => m.id > o.after && m.sender_id === user?.id && m.body === o.body);
  // A message "not sent" whose stored copy arrived after all (its answer was lost, its key stuck in progress) is
  // sent: it leaves the outbox, and the ones behind it go out.
  const arrived = outbox.messages.filter((o) => o.state !== "sending" && storedCopy(o)).map((o) => o.key);
  const arrivedKeys = arrived.join(" ");
  const discard = useRef(outbox.discard);
  discard.current = outbox.discard;
  useEffect(() => {
    for (const key of arrivedKeys.split(" ").filter(Boolean)) discard.current(key);
  }, [arrivedKeys]);
  const outgoing: ShownMessage[] = outbox.messages
    .filter((o) => !storedCopy(o))
    .map((o) => ({
      id: o.id,
      group_id: channel.id,
      sender_id: user?.id ?? 0,
      sender_name: user?.name || DEFAULT_NAME,
      body: o.body,
      created_at: new Date().toISOString(),
      image_url: null,
      hidden: false,
      hidden_reason: null,
      edited_at: null,
      deleted: false,
      reply_to: o.replyTo,
      reactions: [],
      outgoing: { key: o.key, state: o.state },
    }));
  const shownMessages = outgoing.length ? [...feed.messages, ...outgoing] : feed.messages;
  const send = (body: string) => {
    const sent = outbox.queue({
      body,
      replyTo: replyingTo?.id ?? null,
      after: feed.messages.reduce((latest, m) => Math.max(latest, m.id), 0),
    });
    setReplyingTo(null);
    return sent;
  };

  return (
    <section className="chat-pane card" aria-labelledby="chat-pane-title">
      <header className="chat-pane-head">
        <button
          type="button"
          className="btn btn-sm chat-drawer-toggle"
          aria-label={TEXT.chat.showChannels}
          aria-expanded={drawerOpen}
          aria-controls="chat-channels"
          onClick={onOpenDrawer}
        >
          {TEXT.chat.channels}
        </button>
        <div style={{ minWidth: 0 }}>
          {channel.is_direct ? (
            <h2 id="chat-pane-title" className="chat-direct-head">
              <Avatar src={channel.direct_with?.avatar_url} name={title} size={28} />
              {title}
            </h2>
          ) : (
            <h2 id="chat-pane-title">
              {channel.is_private ? <Icon shape={ICON_SHAPES.lock} size={14} weight={2.2} /> : "# "}
              {channel.name}
            </h2>
          )}
          {channel.description && <p className="faint chat-description">{channel.description}</p>}
        </div>
        {!feed.live && feed.status === "ready" && (
          <span className="badge badge-other chat-offline" title={TEXT.chat.offline}>
            {TEXT.chat.polling}
          </span>
        )}
      </header>
      {feed.status === "loading" && shownMessages.length === 0 ? (
        <div className="page-center">
          <Spinner label={TEXT.chat.loadingMessages} />
        </div>
      ) : feed.status === "error" && shownMessages.length === 0 ? (
        <ErrorState text={TEXT.chat.loadFailed} onRetry={feed.retry} />
      ) : shownMessages.length === 0 ? (
        <div className="chat-messages">
          <EmptyState title={TEXT.chat.noMessagesTitle} icon={ICON_SHAPES.moon}>
            <p>{TEXT.chat.noMessagesText}</p>
          </EmptyState>
        </div>
      ) : (
        <MessageList
          messages={shownMessages}
          actions={{
            currentUserId: user?.id,
            isAdmin: user?.role === "admin",
            onEdit: feed.edit,
            onDelete: feed.remove,
            onReply: setReplyingTo,
            onReact: feed.react,
            onRetrySend: outbox.retry,
            onDiscardSend: outbox.discard,
          }}
          linkedId={linkedMessage}
        />
      )}
      <div className="visually-hidden" aria-live="polite" role="log" data-testid="chat-announcer">
        {announcement}
      </div>
      <Composer
        label={channel.is_direct ? TEXT.direct.messageLabel(title) : TEXT.chat.messageLabel(channel.name)}
        groupId={channel.id}
        onSend={send}
        onImage={feed.sendImage}
        mutedText={mutedText}
        replyingTo={replyingTo?.sender_name}
        onCancelReply={() => setReplyingTo(null)}
        fallback={composerSpace}
      />
    </section>
  );
}
