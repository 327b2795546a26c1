import { useEffect, useRef, useState } from "react";
import type { MessageDto } from "../../worker/shared/chat-wire";
import { searchResultUrl } from "../../worker/shared/item-links";
import { mentionsAsText } from "../../worker/shared/mentions";
import { LIMITS, MEDIA_PREVIEW_MAX_HEIGHT_PX, type ReactionEmoji } from "../../worker/shared/rules";
import { errorText } from "../api";
import { Avatar } from "../components/Avatar";
import { useConfirm } from "../components/ConfirmDialog";
import { formatDateTime, relativeTime } from "../components/format";
import { ItemMenu, useCopyLink } from "../components/ItemMenu";
import { ICON_SHAPES } from "../components/icon-shapes";
import { LazyReportModal } from "../components/LazyReportModal";
import { extractLinks, LinkifiedText } from "../components/LinkifiedText";
import { Link } from "../components/links";
import type { MenuItem } from "../components/menu-item";
import { onDemand } from "../components/on-demand";
import { ReactionChips, reactedWith } from "../components/Reactions";
import { Removed } from "../components/Removed";
import { useToast } from "../components/Toasts";
import { MemberMenu } from "../direct/MemberMenu";
import { TEXT } from "../text";
import type { MessageActions } from "./message-actions";
import type { OutgoingState } from "./outbox";
import { PreviewLoading } from "./PreviewLoading";

// A link's preview card loads with its request, after the list's first paint; meanwhile its place is held.
const LinkPreviewCard = onDemand(() => import("./LinkPreviewCard").then((m) => m.LinkPreviewCard));

/** Previews for the first LIMITS.linkPreviewsPerMessage links, then '+ N more link(s)'. */
export function LinkPreviews({ text }: { text: string }) {
  const links = Array.from(new Set(extractLinks(text)));
  if (links.length === 0) return null;
  const shown = links.slice(0, LIMITS.linkPreviewsPerMessage);
  const rest = links.length - shown.length;
  return (
    <div className="link-previews">
      {shown.map((url) => (
        <LinkPreviewCard key={url} url={url} fallback={<PreviewLoading />} />
      ))}
      {rest > 0 && <span className="faint">{TEXT.chat.moreLinks(rest)}</span>}
    </div>
  );
}

const imageName = (body: string) => /^\[Image: (.+)\]$/.exec(body)?.[1] ?? null;

/** The message's one menu: react and reply for all, edit and delete one's own (delete any as an admin),
 * report others', copy link. */
function MessageMenu({
  message,
  own,
  canDelete,
  onEdit,
  onDelete,
  onReport,
  onReply,
  onReact,
}: {
  message: MessageDto;
  own: boolean;
  canDelete: boolean;
  onEdit(): void;
  onDelete(): void;
  onReport(): void;
  onReply(): void;
  onReact(emoji: ReactionEmoji): void;
}) {
  const copyLink = useCopyLink();
  const T = TEXT.conversations;
  const items: MenuItem[] = [{ label: T.reply, onSelect: onReply }];
  if (own && !message.image_url) items.push({ label: T.edit, onSelect: onEdit });
  if (canDelete) items.push({ label: T.delete, onSelect: onDelete });
  if (!own)
    items.push({
      label: TEXT.moderation.report,
      ariaLabel: TEXT.moderation.reportMessage(message.sender_name),
      icon: ICON_SHAPES.flag,
      onSelect: onReport,
    });
  items.push({
    label: T.copyLink,
    onSelect: () => void copyLink(searchResultUrl.message(message.group_id, message.id)),
  });
  return (
    <ItemMenu
      label={T.actions(message.sender_name)}
      items={items}
      reacted={reactedWith(message.reactions)}
      onReact={onReact}
    />
  );
}

// A message's edit form loads when its author chooses Edit; meanwhile the message's text stays.
/**
 * Where a message of the member's own on its way out stands: only after the member sends, never in a first paint
 * ("Sending…" shows meanwhile).
 */
const OutgoingStatus = onDemand(() => import("./OutgoingStatus").then((m) => m.OutgoingStatus));
const EditForm = onDemand(() => import("./MessageEditForm").then((m) => m.MessageEditForm));

/**
 * A reply's quote of the message it answers: a link to it in context, which loads older pages when it is
 * not on screen yet (as search links do); the original's text once it is loaded.
 */
function ReplyQuote({ groupId, original, id }: { groupId: number; original: MessageDto | undefined; id: number }) {
  const T = TEXT.conversations;
  const text = !original
    ? T.earlierMessage
    : original.deleted
      ? T.deleted
      : original.hidden
        ? TEXT.moderation.removed
        : mentionsAsText(original.body);
  return (
    // The link's name is what it shows, after a hidden "Go to the message of" (WCAG 2.5.3, label in name).
    <Link className="reply-quote" to={searchResultUrl.message(groupId, id)}>
      {original && (
        <>
          <span className="visually-hidden">{T.quoteLabel}</span> <strong>{original.sender_name}</strong>{" "}
        </>
      )}
      <span className="reply-quote-text">{text}</span>
    </Link>
  );
}

function MessageItem({
  message,
  linked,
  actions,
  original,
}: {
  message: ShownMessage;
  linked: boolean;
  actions: MessageActions;
  /** The message it answers, when it is loaded. */
  original: MessageDto | undefined;
}) {
  const own = message.sender_id === actions.currentUserId;
  const fileName = message.image_url ? imageName(message.body) : null;
  const [reporting, setReporting] = useState(false);
  const [editing, setEditing] = useState(false);
  const confirm = useConfirm();
  const toast = useToast();
  const T = TEXT.conversations;
  const remove = async () => {
    if (!(await confirm(T.confirmDelete))) return;
    try {
      await actions.onDelete(message.id);
    } catch (err) {
      toast.show(errorText(err, T.deleteFailed), "error");
    }
  };
  const react = (emoji: ReactionEmoji) =>
    void actions.onReact(message.id, emoji).catch((err) => toast.show(errorText(err, TEXT.reactions.failed), "error"));
  const live = !message.hidden && !message.deleted;
  const { outgoing } = message;
  return (
    <li
      id={`message-${message.id}`}
      className={[
        "chat-message has-item-menu",
        own && "own",
        linked && "linked",
        outgoing && "sending",
        outgoing?.state === "failed" && "not-sent",
      ]
        .filter(Boolean)
        .join(" ")}
      aria-busy={(outgoing && outgoing.state !== "failed") || undefined}
    >
      <Avatar name={message.sender_name} size={36} />
      <div className="chat-message-body">
        <div className="chat-message-meta">
          <strong>
            <MemberMenu userId={message.sender_id} name={message.sender_name} />
          </strong>
          {outgoing ? (
            <OutgoingStatus
              outgoing={outgoing}
              actions={actions}
              fallback={<span className="faint">{TEXT.chat.sending}</span>}
            />
          ) : (
            <time className="faint" dateTime={message.created_at} title={formatDateTime(message.created_at)}>
              {relativeTime(message.created_at)}
            </time>
          )}
          {message.edited_at && live && (
            <time
              className="faint message-edited"
              dateTime={message.edited_at}
              title={T.editedAt(formatDateTime(message.edited_at))}
            >
              ({T.edited})
            </time>
          )}
          {live && !editing && !outgoing && (
            <MessageMenu
              message={message}
              own={own}
              canDelete={own || actions.isAdmin}
              onEdit={() => setEditing(true)}
              onDelete={() => void remove()}
              onReport={() => setReporting(true)}
              onReply={() => actions.onReply(message)}
              onReact={react}
            />
          )}
        </div>
        {message.reply_to !== null && live && (
          <ReplyQuote groupId={message.group_id} original={original} id={message.reply_to} />
        )}
        {message.deleted ? (
          <p className="chat-text faint message-deleted" data-testid="message-deleted">
            <em>{T.deleted}</em>
          </p>
        ) : message.hidden ? (
          <Removed reason={message.hidden_reason} className="chat-text" />
        ) : editing ? (
          <EditForm
            message={message}
            onSave={actions.onEdit}
            onDone={() => setEditing(false)}
            fallback={<p className="chat-text">{mentionsAsText(message.body)}</p>}
          />
        ) : message.image_url ? (
          <figure className="chat-image">
            <a href={message.image_url} target="_blank" rel="noopener noreferrer">
              <img
                src={message.image_url}
                alt={fileName ? TEXT.chat.imageAlt(fileName) : TEXT.chat.sharedImage}
                style={{ maxHeight: MEDIA_PREVIEW_MAX_HEIGHT_PX }}
                loading="lazy"
              />
            </a>
            {fileName && <figcaption className="faint">{fileName}</figcaption>}
          </figure>
        ) : (
          <>
            <p className="chat-text">
              <LinkifiedText text={message.body} />
            </p>
            <LinkPreviews text={message.body} />
          </>
        )}
        {live && <ReactionChips kind="message" id={message.id} reactions={message.reactions} onToggle={react} />}
      </div>
      {reporting && <LazyReportModal kind="message" id={message.id} onClose={() => setReporting(false)} />}
    </li>
  );
}

/**
 * The message pane: oldest first, scrolled to the newest unless the reader scrolled up, or to the
 * linked message (`linkedId`, from a search result or a notification) once it is there.
 */
/** A message as the list shows it: a stored one, or one of the member's own on its way out (client/chat/outbox.ts). */
export type ShownMessage = MessageDto & { outgoing?: { key: string; state: OutgoingState } };

export function MessageList({
  messages,
  actions,
  linkedId,
}: {
  messages: ShownMessage[];
  actions: MessageActions;
  linkedId?: number;
}) {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const scroller = useRef<HTMLElement>(null);
  const pinned = useRef(true);
  const shownLink = useRef<number | undefined>(undefined);
  useEffect(() => {
    const el = scroller.current;
    if (linkedId && shownLink.current !== linkedId && messages.some((m) => m.id === linkedId)) {
      shownLink.current = linkedId;
      pinned.current = false;
      document.getElementById(`message-${linkedId}`)?.scrollIntoView?.({ block: "center" });
    } else if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages, linkedId]);
  return (
    <section
      ref={scroller}
      className="chat-messages"
      // biome-ignore lint/a11y: focusable so the keyboard can scroll it (axe: scrollable-region-focusable).
      tabIndex={0}
      aria-label={TEXT.chat.messagesLabel}
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      <ol className="chat-message-list">
        {messages.map((m) => (
          <MessageItem
            key={m.id}
            message={m}
            linked={m.id === linkedId}
            actions={actions}
            original={m.reply_to === null ? undefined : byId.get(m.reply_to)}
          />
        ))}
      </ol>
    </section>
  );
}
