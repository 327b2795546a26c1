import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import type { ChannelDto, MessageDto } from "../../worker/shared/chat-wire";
import { TIMING } from "../../worker/shared/rules";
import { OPEN_PARAMS } from "../../worker/shared/search";
import { api, errorCode, unwrap } from "../api";
import { Icon } from "../components/Icon";
import { Spinner } from "../components/Spinner";
import { EmptyState, ErrorState } from "../components/States";
import { unreadLabel, unreadStore, useUnread } from "../live/unread";
import { useMutedText } from "../moderation/MutedBanner";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import type { MembersFetcher } from "./ChannelModals";
import { Composer } from "./Composer";
import { channelMembersPath, type chatLoader } from "./data";
import { MessageList } from "./MessageList";
import { useChannelFeed } from "./useChannelFeed";
import "./chat.css";

// The route's action loads lazily (client/router.tsx); fetched as the screen arrives, so the first write need not wait.
void import("./actions");

// The channel dialogs load their code when opened (the first visit carries only the chat).
const CreateChannelModal = lazy(() => import("./ChannelModals").then((m) => ({ default: m.CreateChannelModal })));
const ManageChannelModal = lazy(() => import("./ChannelModals").then((m) => ({ default: m.ManageChannelModal })));

type Dialog = { kind: "create" } | { kind: "manage"; channel: ChannelDto } | null;

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

function ChannelList({
  channels,
  selectedId,
  onSelect,
  onManage,
  onCreate,
}: {
  channels: ChannelDto[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onManage: (c: ChannelDto) => void;
  onCreate: () => void;
}) {
  const unread = useUnread().byChannel;
  return (
    <>
      <div className="spread chat-channels-head">
        <h2 id="chat-channels-title">{TEXT.chat.channels}</h2>
        <button type="button" className="btn btn-sm" onClick={onCreate}>
          {TEXT.chat.newChannel}
        </button>
      </div>
      {channels.length === 0 ? (
        <p className="faint">{TEXT.chat.noChannels}</p>
      ) : (
        <ul className="chat-channel-list" aria-labelledby="chat-channels-title">
          {channels.map((c) => (
            <li key={c.id} className={c.id === selectedId ? "chat-channel active" : "chat-channel"}>
              <button
                type="button"
                className="chat-channel-button"
                aria-current={c.id === selectedId ? "true" : undefined}
                onClick={() => onSelect(c.id)}
                onContextMenu={(e) => {
                  if (!c.can_manage) return;
                  e.preventDefault();
                  onManage(c);
                }}
              >
                <span aria-hidden="true">{c.is_private ? <Icon name="lock" size={14} weight={2.2} /> : "#"}</span>
                <span className="chat-channel-name">{c.name}</span>
                {c.is_private && <span className="visually-hidden">{TEXT.chat.privateMark}</span>}
                {c.id !== selectedId && <ChannelUnreadCount count={unread.get(c.id) ?? 0} />}
              </button>
              {c.can_manage && (
                <button
                  type="button"
                  className="btn btn-ghost btn-icon chat-gear"
                  aria-label={TEXT.chat.manageChannelLabel(c.name)}
                  title={TEXT.chat.manageChannel}
                  onClick={() => onManage(c)}
                >
                  <Icon name="gear" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ChannelPane({
  channel,
  linkedMessage,
  drawerOpen,
  onOpenDrawer,
  onChannelDeleted,
}: {
  channel: ChannelDto;
  linkedMessage?: number;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  onChannelDeleted: () => void;
}) {
  const { user, store } = useSession();
  const [announcement, setAnnouncement] = useState("");
  // On screen, the channel is read: its badge clears, and messages arriving move the read marker.
  useEffect(() => {
    unreadStore.setOpen(channel.id);
    return () => unreadStore.setOpen(null);
  }, [channel.id]);
  const markRead = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(markRead.current), []);
  const onIncoming = useCallback(
    (added: MessageDto[]) => {
      const others = added.filter((m) => m.sender_id !== user?.id);
      const last = others[others.length - 1];
      if (last) setAnnouncement(TEXT.chat.newMessage(last.sender_name, last.body));
      if (others.length === 0) return;
      clearTimeout(markRead.current);
      markRead.current = setTimeout(
        () => void api.groups[":id"].read.$post({ param: { id: String(channel.id) } }).catch(() => undefined),
        TIMING.markReadDelayMs,
      );
    },
    [user?.id, channel.id],
  );
  const feed = useChannelFeed(channel.id, { onIncoming, onChannelDeleted, onSessionEnded: store.signedOut });
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
  /** A mute set while this page was open shows at the first refused send: the user view then carries it. */
  const noticeMute = (err: unknown) => {
    if (errorCode(err) === "account_muted") void store.fetchUser();
    throw err;
  };
  const sendText = async (body: string) => {
    feed.addOwn(await unwrap(api.messages.$post({ json: { group_id: channel.id, body } })).catch(noticeMute));
  };
  const sendImage = async (file: File) => {
    feed.addOwn(
      await unwrap(api.messages.image.$post({ form: { group_id: String(channel.id), image: file } })).catch(noticeMute),
    );
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
          <h2 id="chat-pane-title">
            {channel.is_private ? <Icon name="lock" size={14} weight={2.2} /> : "# "}
            {channel.name}
          </h2>
          {channel.description && <p className="faint chat-description">{channel.description}</p>}
        </div>
        {!feed.live && feed.status === "ready" && (
          <span className="badge badge-other chat-offline" title={TEXT.chat.offline}>
            {TEXT.chat.polling}
          </span>
        )}
      </header>
      {feed.status === "loading" && feed.messages.length === 0 ? (
        <div className="page-center">
          <Spinner label={TEXT.chat.loadingMessages} />
        </div>
      ) : feed.status === "error" && feed.messages.length === 0 ? (
        <ErrorState text={TEXT.chat.loadFailed} onRetry={feed.retry} />
      ) : feed.messages.length === 0 ? (
        <div className="chat-messages">
          <EmptyState title={TEXT.chat.noMessagesTitle} icon="moon">
            <p>{TEXT.chat.noMessagesText}</p>
          </EmptyState>
        </div>
      ) : (
        <MessageList messages={feed.messages} currentUserId={user?.id} linkedId={linkedMessage} />
      )}
      <div className="visually-hidden" aria-live="polite" role="log" data-testid="chat-announcer">
        {announcement}
      </div>
      <Composer
        channelName={channel.name}
        groupId={channel.id}
        onSend={sendText}
        onImage={sendImage}
        mutedText={mutedText}
      />
    </section>
  );
}

export default function ChatPage() {
  const loaded = useLoaderData<typeof chatLoader>();
  const revalidator = useRevalidator();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // Channels deleted here (or announced deleted by the socket) leave at once, before the reload.
  const [gone, setGone] = useState<ReadonlySet<number>>(() => new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const members: MembersFetcher = useFetcher({ key: "channel-members" });
  const manage = (channel: ChannelDto) => {
    void members.load(channelMembersPath(channel.id));
    setDialog({ kind: "manage", channel });
  };
  const channels = loaded.ok ? loaded.channels.filter((c) => !gone.has(c.id)) : null;
  useEffect(() => {
    if (loaded.ok) unreadStore.load(loaded.channels);
  }, [loaded]);

  const drawerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>("button")?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setDrawerOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  // A link in context (?group=ID&message=ID, from search or a notification) opens that channel at that message.
  const [params, setParams] = useSearchParams();
  const linkedGroup = Number(params.get(OPEN_PARAMS.group)) || null;
  const linkedMessage = Number(params.get(OPEN_PARAMS.message)) || undefined;
  // The linked channel, else the selected one, else the first when there is no (longer a) selection.
  const selected =
    channels?.find((c) => c.id === linkedGroup) ?? channels?.find((c) => c.id === selectedId) ?? channels?.[0] ?? null;
  const select = (id: number) => {
    setSelectedId(id);
    setDrawerOpen(false);
    if (linkedGroup) setParams({}, { replace: true });
  };
  // The first remaining channel is selected, or none (see `selected`). Safe to run twice (socket and dialog).
  const forgetChannel = (id: number) => {
    setDialog(null);
    setGone((set) => new Set(set).add(id));
    setSelectedId((current) => (current === id ? null : current));
  };
  // Deleted elsewhere (the socket says so): the list is loaded again; a delete from the dialog reloads it through the
  // action.
  const removeChannel = (id: number) => {
    forgetChannel(id);
    void revalidator.revalidate();
  };

  if (!channels) {
    return (
      <div className="page-wide">
        <h1 className="visually-hidden">{TEXT.nav.chat}</h1>
        <ErrorState
          text={TEXT.chat.channelsLoadFailed}
          busy={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      </div>
    );
  }

  return (
    <div className="page-wide chat">
      <h1 className="visually-hidden">{TEXT.nav.chat}</h1>
      {drawerOpen && (
        <div className="drawer-backdrop chat-drawer-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
      )}
      <nav
        id="chat-channels"
        ref={drawerRef}
        className={drawerOpen ? "chat-channels card open" : "chat-channels card"}
        aria-label={TEXT.chat.channels}
      >
        <ChannelList
          channels={channels}
          selectedId={selected?.id ?? null}
          onSelect={select}
          onManage={manage}
          onCreate={() => setDialog({ kind: "create" })}
        />
      </nav>
      {selected ? (
        <ChannelPane
          key={selected.id}
          channel={selected}
          linkedMessage={selected.id === linkedGroup ? linkedMessage : undefined}
          drawerOpen={drawerOpen}
          onOpenDrawer={() => setDrawerOpen(true)}
          onChannelDeleted={() => removeChannel(selected.id)}
        />
      ) : (
        <section className="chat-pane card">
          <header className="chat-pane-head">
            <button
              type="button"
              className="btn btn-sm chat-drawer-toggle"
              aria-label={TEXT.chat.showChannels}
              aria-expanded={drawerOpen}
              aria-controls="chat-channels"
              onClick={() => setDrawerOpen(true)}
            >
              {TEXT.chat.channels}
            </button>
          </header>
          <EmptyState title={TEXT.chat.noChannelTitle} icon="moon">
            <p>{TEXT.chat.noChannelText}</p>
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: "create" })}>
              {TEXT.chat.createChannel}
            </button>
          </EmptyState>
        </section>
      )}
      <Suspense fallback={null}>
        {dialog?.kind === "create" && (
          <CreateChannelModal
            onClose={() => setDialog(null)}
            onCreated={(channel) => {
              setDialog(null);
              select(channel.id);
            }}
          />
        )}
        {dialog?.kind === "manage" && (
          <ManageChannelModal
            channel={dialog.channel}
            members={members}
            onClose={() => setDialog(null)}
            onSaved={() => setDialog(null)}
            onDeleted={forgetChannel}
          />
        )}
      </Suspense>
    </div>
  );
}
