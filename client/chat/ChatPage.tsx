// The chat screen: the channel list (a drawer on small screens), the open channel, and the channel
// dialogs. The channels come from the route's loader; unread counts from their store
// (client/live/channel-unread.ts); the open channel's messages from its feed (useChannelFeed).
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import type { ChannelDto } from "../../worker/shared/chat-wire";
import { OPEN_PARAMS } from "../../worker/shared/item-links";
import { ICON_SHAPES } from "../components/icon-shapes";
import { onDemand } from "../components/on-demand";
import { PageTitle } from "../components/PageTitle";
import { EmptyState, ErrorState } from "../components/States";
import { useDrawer } from "../components/useDrawer";
import { loadWords } from "../i18n/language";
import { useChannelUnread } from "../live/channel-unread";
import { TEXT } from "../text";
import { ChannelList } from "./ChannelList";
import type { MembersFetcher } from "./ChannelModals";
import { ChannelPane } from "./ChannelPane";
import { channelMembersPath, type chatLoader } from "./data";
import "./chat.css";

// The route's action loads lazily (client/router.tsx); fetched as the screen arrives, so the first write need not wait.
void import("./actions");

// The channel dialogs load their code and words when opened (the first visit carries only the chat).
const channelModals = () => Promise.all([import("./ChannelModals"), loadWords(["channelDialogs"])]).then(([m]) => m);
const CreateChannelModal = onDemand(() => channelModals().then((m) => m.CreateChannelModal));
const ManageChannelModal = onDemand(() => channelModals().then((m) => m.ManageChannelModal));

type Dialog = { kind: "create" } | { kind: "manage"; channel: ChannelDto } | null;

export default function ChatPage() {
  const loaded = useLoaderData<typeof chatLoader>();
  const revalidator = useRevalidator();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // Channels deleted here (or announced deleted by the socket) leave at once, before the reload.
  const [gone, setGone] = useState<ReadonlySet<number>>(() => new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const drawer = useDrawer<HTMLElement>();
  const members: MembersFetcher = useFetcher({ key: "channel-members" });
  const manage = (channel: ChannelDto) => {
    void members.load(channelMembersPath(channel.id));
    setDialog({ kind: "manage", channel });
  };
  const channels = loaded.ok ? loaded.channels.filter((c) => !gone.has(c.id)) : null;

  // A link in context (?group=ID&message=ID, from search or a notification) opens that channel at that message.
  const [params, setParams] = useSearchParams();
  const linkedGroup = Number(params.get(OPEN_PARAMS.group)) || null;
  const linkedMessage = Number(params.get(OPEN_PARAMS.message)) || undefined;
  // The linked channel, else the selected one, else the first when there is no (longer a) selection.
  const selected =
    channels?.find((c) => c.id === linkedGroup) ?? channels?.find((c) => c.id === selectedId) ?? channels?.[0] ?? null;
  const select = (id: number) => {
    setSelectedId(id);
    drawer.hide();
    if (linkedGroup) setParams({}, { replace: true });
    // Opening a channel (the member's choice, not the one the page selects on load) is a moment to offer push.
    void import("../notifications/push").then(({ offerPush }) => offerPush());
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

  // A direct message someone else opened reaches the unread counts (its live activity) before this list:
  // the list is loaded again, once for each such channel.
  const unread = useChannelUnread();
  const askedFor = useRef(new Set<number>());
  useEffect(() => {
    if (!channels) return;
    const listed = new Set(channels.map((c) => c.id));
    const unknown = [...unread].filter(
      ([id, count]) => count > 0 && !listed.has(id) && !gone.has(id) && !askedFor.current.has(id),
    );
    if (unknown.length === 0) return;
    for (const [id] of unknown) askedFor.current.add(id);
    void revalidator.revalidate();
  }, [unread, channels, gone, revalidator]);

  if (!channels) {
    return (
      <div className="page-wide">
        <PageTitle screen={TEXT.nav.chat} />
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
      <PageTitle screen={TEXT.nav.chat} />
      <h1 className="visually-hidden">{TEXT.nav.chat}</h1>
      {drawer.open && <div className="drawer-backdrop chat-drawer-backdrop" aria-hidden="true" onClick={drawer.hide} />}
      <nav
        id="chat-channels"
        ref={drawer.ref}
        className={drawer.open ? "chat-channels card open" : "chat-channels card"}
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
          drawerOpen={drawer.open}
          onOpenDrawer={drawer.show}
          onChannelDeleted={() => removeChannel(selected.id)}
        />
      ) : (
        <section className="chat-pane card">
          <header className="chat-pane-head">
            <button
              type="button"
              className="btn btn-sm chat-drawer-toggle"
              aria-label={TEXT.chat.showChannels}
              aria-expanded={drawer.open}
              aria-controls="chat-channels"
              onClick={drawer.show}
            >
              {TEXT.chat.channels}
            </button>
          </header>
          <EmptyState title={TEXT.chat.noChannelTitle} icon={ICON_SHAPES.moon}>
            <p>{TEXT.chat.noChannelText}</p>
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: "create" })}>
              {TEXT.chat.createChannel}
            </button>
          </EmptyState>
        </section>
      )}
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
    </div>
  );
}
