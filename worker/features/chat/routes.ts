// Chat (docs/spec.md §2 Chat, §3, §5, §7): channels and their members, messages, chat images and the
// channel WebSocket. D1 is the source of truth; a stored message is handed to the channel's Durable
// Object, which fans it out to the connected sockets.
import { z } from "zod";
import type { Database } from "../../db/client";
import { editText } from "../../db/edits";
import { findUserByEmail, normaliseEmail, unmutedSql } from "../../db/users";
import type { Env, SessionUser } from "../../env";
import { requireUser, requireUserInBatch, withSessionBatch } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { LIVE_GROUP_ID, liveRoom, sendToUser } from "../../platform/live";
import { parseMediaType } from "../../platform/media-type";
import { requireUnmuted, unmutedOr403 } from "../../platform/mute";
import { countForUser, limited, limitedInBatch, rateLimitInBatch } from "../../platform/rate-limit";
import { chatRoomStub } from "../../platform/room-stub";
import { serveBlob } from "../../platform/storage";
import { checkedImage, cleanFileName, decodeDataUrl, storeBlobWithRow } from "../../platform/uploads";
import { idParam, oneLineNameInput, rowId, validate } from "../../platform/validate";
import { CLOSE_ACCESS_REVOKED, type MessageDto } from "../../shared/chat-wire";
import { readsWithin } from "../../shared/mentions";
import { DEFAULT_NAME, LIMITS, RATE_LIMITS } from "../../shared/rules";
import { API_ERRORS as E, TEXTS } from "../../shared/texts";
import { isReported } from "../moderation/index";
import {
  buildInvitationEmail,
  enqueue,
  notifyChannelInvite,
  notifyLater,
  notifyMentions,
  notifyReply,
} from "../notifications/index";
import { announceActivity } from "./activity";
import type { ChannelRow } from "./queries/channels";
import {
  canManageChannel,
  createChannel,
  deleteChannel,
  getVisibleChannel,
  listChannelMembers,
  listUnreadCounts,
  listVisibleChannels,
  markChannelRead,
  privateChannelReaders,
  toChannelDto,
  toChannelListItem,
  updateChannel,
  visibleChannelQuery,
} from "./queries/channels";
import { directRefusal } from "./queries/direct";
import {
  bindChannelInvitations,
  claimInvitationEmail,
  declineChannelInvitation,
  inviteToChannel,
  listChannelInvitations,
  removeChannelMember,
  revokeChannelInvitation,
} from "./queries/invitations";
import {
  deleteMessage,
  getMessage,
  insertMessage,
  sendMessageStatements,
  sendRules,
  toMessageDto,
  visibleMessages,
  visibleMessagesQuery,
} from "./queries/messages";
import { ROOM_HEADERS } from "./room";
import { closeChatSockets, fanOut } from "./sockets";

/** A base64 data URL of the largest allowed image, with room for its header. */
const DATA_URL_MAX = Math.ceil((LIMITS.chatImageMaxBytes * 4) / 3) + 200;

const memberParam = idParam.extend({ userId: rowId });
const invitationParam = idParam.extend({ invitationId: rowId });

const channelBody = z.object({
  name: oneLineNameInput(LIMITS.channelNameMax, {
    required: E.channel_name_required,
    tooLong: E.channel_name_too_long,
    invalid: E.channel_name_invalid,
  }),
  description: z
    .string()
    .trim()
    .max(LIMITS.channelDescriptionMax, E.channel_description_too_long)
    .nullish()
    .transform((v) => v || null),
  is_private: z.boolean().default(false),
});

const memberBody = z.object({ email: z.email(E.member_email_invalid).max(254) });

const messagesQuery = z.object({
  group_id: rowId,
  after: z.coerce.number().int().nonnegative().optional(),
});

const messageText = z
  .string()
  .trim()
  .min(1, E.message_required)
  .max(LIMITS.chatMessageMax * 2, E.message_too_long)
  .refine(readsWithin(LIMITS.chatMessageMax), E.message_too_long);

const messageBody = z
  .object({
    group_id: z.number().int().positive(),
    body: messageText,
    image_url: z.string().max(DATA_URL_MAX, TEXTS.chat.imageTooLarge).nullish(),
    /** The message this one answers (issue 36): text messages only. */
    reply_to: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
  })
  .refine((m) => !(m.image_url && m.reply_to), { message: E.reply_invalid, path: ["reply_to"] });

const messageEdit = z.object({ body: messageText });

const imageMessageForm = z.object({
  group_id: rowId,
  image: z.instanceof(File, { message: TEXTS.chat.imageTypeInvalid }),
});

/** What the helpers need from a handler's context (after requireUser). */
type Ctx = {
  var: { db: Database; user: SessionUser };
  env: Env;
  executionCtx: { waitUntil(promise: Promise<unknown>): void };
};

async function visibleChannelOr404(c: Ctx, id: number) {
  const channel = await getVisibleChannel(c.var.db, c.var.user, id);
  if (!channel) throw notFound(E.channel_not_found);
  return channel;
}

async function managedChannel(c: Ctx, id: number) {
  const channel = await visibleChannelOr404(c, id);
  if (channel.directKey !== null) throw forbidden(E.direct_not_group);
  if (!canManageChannel(c.var.user, channel)) throw forbidden(E.channel_manage_forbidden);
  return channel;
}

/** Closes the sockets of viewers who lost access to a private channel (the creator's and admins' stay). */
async function revokeAccess(
  env: Env,
  channel: { id: number; createdBy: number | null },
  selector: { userId?: number; keepUserIds?: number[] },
) {
  const keepUserIds = [...(selector.keepUserIds ?? []), ...(channel.createdBy === null ? [] : [channel.createdBy])];
  await closeChatSockets(
    env,
    [channel.id],
    { ...selector, keepUserIds, keepAdmins: true },
    CLOSE_ACCESS_REVOKED,
    "access revoked",
  );
}

/**
 * Stores a message (after its image, if any: checked, then in R2 with the row, the object removed if
 * the row fails), then announces it.
 */
async function postMessage(
  c: Ctx,
  channel: ChannelRow,
  body: string,
  image?: { bytes: Uint8Array; type: string; fileName: string },
): Promise<MessageDto> {
  const write = (imageKey: string | null) =>
    insertMessage(c.var.db, { channelId: channel.id, sender: c.var.user, body, imageKey });
  let stored: Awaited<ReturnType<typeof insertMessage>>;
  if (image) {
    if (image.bytes.byteLength > LIMITS.chatImageMaxBytes) throw new ApiError(413, TEXTS.chat.imageTooLarge);
    const contentType = checkedImage(image.type, image.bytes);
    stored = await storeBlobWithRow(
      c.env.BLOBS,
      { prefix: "chat", body: image.bytes, size: image.bytes.byteLength, contentType, fileName: image.fileName },
      write,
    );
  } else stored = await write(null);
  return announceMessage(c, channel, stored, { mentions: !image });
}

/** A stored message to its channel (fan-out), the live activity and, for text, its mentions: all after the answer. */
function announceMessage(
  c: Ctx,
  channel: ChannelRow,
  stored: Parameters<typeof toMessageDto>[0],
  options: { mentions: boolean },
): MessageDto {
  const channelId = channel.id;
  const message = toMessageDto(stored, c.var.user.id);
  // The sender's answer does not wait for the fan-out; the runtime keeps the request alive until it ends.
  c.executionCtx.waitUntil(fanOut(c.env, channelId, { type: "message", message }));
  c.executionCtx.waitUntil(announceActivity(c.env, c.var.db, channel, stored));
  if (options.mentions) {
    notifyLater(c, async () =>
      notifyMentions(c.var.db, {
        text: stored.body,
        actorId: c.var.user.id,
        channelId,
        messageId: stored.id,
        readers: channel.isPrivate ? await privateChannelReaders(c.var.db, channelId) : undefined,
      }),
    );
  }
  return message;
}

/**
 * The rules of every message send (text, data-URL image, multipart image), one source for all three:
 * not muted, within the `messages` limit, a channel the member may see. Their SQL (sendRules) runs in
 * the session's D1 batch; `allowed` then refuses in the order of the other write routes (muted 403,
 * rate limited 429, channel not found 404). Needs limitedInBatch("messages") on the route.
 */
function sendChecks(c: Parameters<typeof withSessionBatch>[0], now = Date.now()) {
  const { db } = c.var;
  const limit = rateLimitInBatch(c, now);
  return {
    ...sendRules(db, limit, unmutedSql(now)),
    allowed: (user: SessionUser, counted: Parameters<typeof limit.check>[0], channel: ChannelRow | undefined) => {
      unmutedOr403(user, now);
      limit.check(counted);
      if (!channel) throw notFound(E.channel_not_found);
      return { ctx: { var: { db, user }, env: c.env, executionCtx: c.executionCtx } satisfies Ctx, channel };
    },
  };
}

/**
 * An image send (either route): the send rules in the session's round trip, then the `uploads` limit
 * (counted only for a send those rules allow). The image itself is checked after, before it is stored.
 */
async function allowedImageSend(c: Parameters<typeof withSessionBatch>[0], groupId: number) {
  const rules = sendChecks(c);
  const {
    user,
    results: [counted, [visible]],
  } = await withSessionBatch(c, (member) => [rules.count(member), visibleChannelQuery(c.var.db, member, groupId)]);
  const allowed = rules.allowed(user, counted, visible);
  const refusal = await directRefusal(c.var.db, allowed.channel, user.id);
  if (refusal) throw forbidden(E[refusal]);
  await countForUser(c, "uploads", RATE_LIMITS.uploads.limit, RATE_LIMITS.uploads.windowSeconds);
  return allowed;
}

/**
 * A message the caller may read (its channel visible to them), not deleted, with its channel; 404 otherwise,
 * whichever it is.
 */
async function readableMessage(c: Ctx, id: number) {
  const message = await getMessage(c.var.db, id);
  const channel = message && !message.deletedAt && (await getVisibleChannel(c.var.db, c.var.user, message.channelId));
  if (!message || !channel) throw notFound(E.message_not_found);
  return { message, channel };
}

/** A display name for '[Image: filename]'. */
const imageName = (name: string) => cleanFileName(name, "image", 100);

/**
 * A WebSocket upgrade from this site only (browsers always send Origin on handshakes: cross-site WebSocket hijacking).
 */
function checkUpgrade(c: { req: { header(name: string): string | undefined; url: string } }) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, E.websocket_expected);
  const origin = c.req.header("origin");
  // Browsers always send Origin on WebSocket handshakes; refuse other sites (cross-site WebSocket hijacking).
  if (origin && origin !== new URL(c.req.url).origin) throw forbidden(E.cross_site_refused);
}

/** The upgrade as the room receives it: the authenticated caller in headers, no cookie. */
function forwardedUpgrade(
  c: Ctx & { var: { sessionId: string; sessionExpiresAt: Date }; req: { raw: Request; url: string } },
  groupId: number,
) {
  const headers = new Headers(c.req.raw.headers);
  headers.set(ROOM_HEADERS.userId, String(c.var.user.id));
  headers.set(ROOM_HEADERS.userName, encodeURIComponent(c.var.user.name || DEFAULT_NAME));
  headers.set(ROOM_HEADERS.userRole, c.var.user.role);
  headers.set(ROOM_HEADERS.groupId, String(groupId));
  // The socket belongs to this session: it closes when the session ends (see worker/features/chat/room.ts).
  headers.set(ROOM_HEADERS.sessionId, c.var.sessionId);
  headers.set(ROOM_HEADERS.sessionExpiresAt, String(c.var.sessionExpiresAt.getTime()));
  headers.delete("cookie");
  return new Request(c.req.url, { headers });
}

export const chatRoutes = createRouter()
  // ---- channels ----
  .get("/groups", requireUser, async (c) => {
    // Opening the chat accepts the member's pending invitations (docs/architecture.md, "No account oracle").
    await bindChannelInvitations(c.var.db, c.var.user);
    const rows = await listVisibleChannels(c.var.db, c.var.user);
    return c.json(rows.map((r) => toChannelListItem(r, c.var.user)));
  })
  // Read-only, unlike the list above (it binds no invitation): the unread badges' own refresh, which runs
  // on every reconnect, on focus and while polling.
  .get("/unread", requireUser, async (c) => c.json(await listUnreadCounts(c.var.db, c.var.user)))
  .post("/groups", requireUser, requireUnmuted, limited("channels"), validate("json", channelBody), async (c) => {
    const body = c.req.valid("json");
    const row = await createChannel(c.var.db, c.var.user.id, {
      name: body.name,
      description: body.description,
      isPrivate: body.is_private,
    });
    return c.json(toChannelDto(row, c.var.user), 201);
  })
  .put(
    "/groups/:id",
    requireUser,
    requireUnmuted,
    limited("channels"),
    validate("param", idParam),
    validate("json", channelBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const before = await managedChannel(c, id);
      const body = c.req.valid("json");
      const row = await updateChannel(c.var.db, id, {
        name: body.name,
        description: body.description,
        isPrivate: body.is_private,
      });
      // Made private: everyone but its creator, its members and admins loses it at once.
      if (!before.isPrivate && row.isPrivate) {
        await revokeAccess(c.env, row, { keepUserIds: (await listChannelMembers(c.var.db, id)).map((m) => m.id) });
      }
      return c.json(toChannelDto(row, c.var.user));
    },
  )
  .delete("/groups/:id", requireUser, limited("channels"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    await managedChannel(c, id);
    const keys = await deleteChannel(c.var.db, id);
    for (let i = 0; i < keys.length; i += 1000) await c.env.BLOBS.delete(keys.slice(i, i + 1000));
    try {
      await chatRoomStub(c.env, id).channelDeleted(id);
    } catch (err) {
      console.error("chat close failed", id, err instanceof Error ? err.message : "unknown");
    }
    return c.json({ success: true as const });
  })
  /** Marks the channel read up to its newest message (fetching its messages does the same). */
  .post("/groups/:id/read", requireUser, limited("readMarks"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    await visibleChannelOr404(c, id);
    if (await markChannelRead(c.var.db, c.var.user.id, id))
      c.executionCtx.waitUntil(sendToUser(c.env, c.var.user.id, { type: "read", group_id: id }));
    return c.json({ success: true as const });
  })
  // ---- channel members (private channels), managed by the creator or an admin ----
  .get("/groups/:id/members", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    await managedChannel(c, id);
    const [members, invited] = await Promise.all([
      listChannelMembers(c.var.db, id),
      listChannelInvitations(c.var.db, id),
    ]);
    return c.json({ members, invited });
  })
  /**
   * Adding a member is inviting an email: the same answer and the same pending invitation whether the
   * email has an account or not, so no caller learns who belongs to the community. The invitation
   * binds at the invitee's next sign-in or channel list; a known account is notified now (after the answer).
   */
  .post(
    "/groups/:id/members",
    requireUser,
    requireUnmuted,
    limited("channelMembers"),
    limited("invitations"),
    validate("param", idParam),
    validate("json", memberBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const channel = await managedChannel(c, id);
      const email = normaliseEmail(c.req.valid("json").email);
      const invited = await inviteToChannel(c.var.db, { channelId: id, email, invitedBy: c.var.user.id });
      if (invited === "full") throw conflict(E.invitations_full);
      if (invited === "invited" && channel.isPrivate) {
        notifyLater(c, async () => {
          const invitee = await findUserByEmail(c.var.db, email);
          if (invitee)
            return notifyChannelInvite(c.var.db, { userId: invitee.id, channelId: id, actorId: c.var.user.id });
          // Someone with no account yet is told once, by email, in the inviter's language.
          if (!(await claimInvitationEmail(c.var.db, { channelId: id, email }))) return;
          const config = { origin: c.env.APP_ORIGIN, tokenSecret: c.env.EMAIL_TOKEN_SECRET };
          const to = { email, language: c.var.user.language ?? "es" };
          const facts = { actorName: c.var.user.name, channelName: channel.name, channelId: id };
          await enqueue(c.env, [{ type: "email", email: await buildInvitationEmail(config, to, facts) }]);
        });
      }
      return c.json({ email, status: "invited" as const }, 201);
    },
  )
  .delete(
    "/groups/:id/invitations/:invitationId",
    requireUser,
    limited("channelMembers"),
    validate("param", invitationParam),
    async (c) => {
      const { id, invitationId } = c.req.valid("param");
      await managedChannel(c, id);
      if (!(await revokeChannelInvitation(c.var.db, id, invitationId))) throw notFound(E.channel_invitation_not_found);
      return c.json({ success: true as const });
    },
  )
  // The invitee turns an invitation down (pending or already bound): it and its notification go.
  .post("/groups/:id/decline", requireUser, limited("channelMembers"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const channel = await getVisibleChannel(c.var.db, c.var.user, id);
    // A direct message's two members stay in it: it is not left like a channel.
    if (channel?.directKey) throw forbidden(E.direct_not_group);
    if (!(await declineChannelInvitation(c.var.db, c.var.user, id))) throw notFound(E.invitation_not_found);
    if (channel?.isPrivate) await revokeAccess(c.env, channel, { userId: c.var.user.id });
    return c.json({ success: true as const });
  })
  .delete(
    "/groups/:id/members/:userId",
    requireUser,
    limited("channelMembers"),
    validate("param", memberParam),
    async (c) => {
      const { id, userId } = c.req.valid("param");
      const channel = await managedChannel(c, id);
      if (!(await removeChannelMember(c.var.db, id, userId))) throw notFound(E.channel_member_not_found);
      if (channel.isPrivate) await revokeAccess(c.env, channel, { userId });
      return c.json({ success: true as const });
    },
  )
  // ---- the channel's WebSocket: authenticated here, then forwarded to the channel's object ----
  .get("/groups/:id/socket", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    checkUpgrade(c);
    await visibleChannelOr404(c, id);
    return chatRoomStub(c.env, id).fetch(forwardedUpgrade(c, id));
  })
  // ---- the member's live socket: unread activity from every channel they may read ----
  .get("/live/socket", requireUser, async (c) => {
    checkUpgrade(c);
    return liveRoom(c.env).fetch(forwardedUpgrade(c, LIVE_GROUP_ID));
  })
  // ---- messages ----
  // The poll of every open chat: the session and the messages in one D1 round trip.
  .get("/messages", requireUserInBatch, validate("query", messagesQuery), async (c) => {
    const { group_id, after } = c.req.valid("query");
    const {
      user,
      results: [found],
    } = await withSessionBatch(c, (member) => [visibleMessagesQuery(c.var.db, member, group_id, after)]);
    const rows = visibleMessages(found, after);
    if (!rows) throw notFound(E.channel_not_found);
    // Reading is opening: the channel is read up to the newest message sent (an empty poll writes nothing).
    const newest = rows.at(-1);
    if (newest && (await markChannelRead(c.var.db, user.id, group_id, newest.id))) {
      c.executionCtx.waitUntil(sendToUser(c.env, user.id, { type: "read", group_id }));
    }
    return c.json(rows.map((row) => toMessageDto(row, user.id)));
  })
  /**
   * A text message is one D1 round trip: the session, the rate limit, the channel's visibility, the
   * message and the sender's read marker in one batch, the writes guarded so a refused send writes
   * nothing (docs/capacity.md, "where the time goes"). An image message checks the same rules in that
   * batch (allowedImageSend), then stores the image and the row.
   */
  .post("/messages", requireUserInBatch, limitedInBatch("messages"), validate("json", messageBody), async (c) => {
    const { group_id, body, image_url, reply_to } = c.req.valid("json");
    if (!image_url) {
      const rules = sendChecks(c);
      const replyTo = reply_to ?? null;
      const {
        user,
        results: [counted, [visible], [stored]],
      } = await withSessionBatch(c, (member) => [
        rules.count(member),
        ...sendMessageStatements(c.var.db, member, group_id, { body, replyTo }, rules.sendable(member)),
      ]);
      const { ctx, channel } = rules.allowed(user, counted, visible);
      // Allowed but not stored: a direct message its sender may not write to (directWritable in the batch),
      // or the message it answers is not one of this channel's readable messages.
      if (!stored) {
        const refusal = await directRefusal(c.var.db, channel, user.id);
        if (refusal) throw forbidden(E[refusal]);
        if (replyTo !== null) throw badRequest(E.reply_invalid);
        throw new Error("an allowed message was not stored");
      }
      const message = announceMessage(ctx, channel, { ...stored, senderName: user.name }, { mentions: true });
      if (replyTo !== null)
        notifyLater(c, async () =>
          notifyReply(c.var.db, {
            repliedTo: replyTo,
            replyId: stored.id,
            actorId: user.id,
            channelId: channel.id,
            readers: channel.isPrivate ? await privateChannelReaders(c.var.db, channel.id) : undefined,
          }),
        );
      return c.json(message, 201);
    }
    const { ctx, channel } = await allowedImageSend(c, group_id);
    const { mediaType, bytes } = decodeDataUrl(image_url, LIMITS.chatImageMaxBytes, {
      invalid: TEXTS.chat.imageDataUrlInvalid,
      tooLarge: TEXTS.chat.imageTooLarge,
    });
    const named = /^\[Image: (.+)\]$/.exec(body)?.[1];
    return c.json(
      await postMessage(ctx, channel, body, { bytes, type: mediaType.essence, fileName: imageName(named ?? "image") }),
      201,
    );
  })
  /**
   * Multipart image message: the same send rules as above, then the file is checked, stored in R2, and the message body
   * is '[Image: filename]'.
   */
  .post(
    "/messages/image",
    requireUserInBatch,
    limitedInBatch("messages"),
    validate("form", imageMessageForm),
    async (c) => {
      const { group_id, image } = c.req.valid("form");
      const { ctx, channel } = await allowedImageSend(c, group_id);
      if (parseMediaType(image.type)?.type !== "image") throw badRequest(TEXTS.chat.imageTypeInvalid);
      if (image.size > LIMITS.chatImageMaxBytes) throw new ApiError(413, TEXTS.chat.imageTooLarge);
      const fileName = imageName(image.name);
      const bytes = new Uint8Array(await image.arrayBuffer());
      return c.json(
        await postMessage(ctx, channel, `[Image: ${fileName}]`, { bytes, type: image.type, fileName }),
        201,
      );
    },
  )
  /**
   * Its sender edits a message (same limits as a send, and in a direct message the same rule: directRefusal);
   * open chats get the new text at once.
   */
  .patch(
    "/messages/:id",
    requireUser,
    requireUnmuted,
    limited("edits"),
    validate("param", idParam),
    validate("json", messageEdit),
    async (c) => {
      const { id } = c.req.valid("param");
      const { message: before, channel } = await readableMessage(c, id);
      if (before.senderId !== c.var.user.id) throw forbidden(E.edit_not_author);
      if (before.hiddenAt) throw conflict(E.removed_not_editable);
      const refusal = await directRefusal(c.var.db, channel, c.var.user.id);
      if (refusal) throw forbidden(E[refusal]);
      const { body } = c.req.valid("json");
      const replaced = await editText(c.var.db, "message", { id, authorId: c.var.user.id, text: body });
      const after = await getMessage(c.var.db, id);
      if (!after) throw notFound(E.message_not_found);
      const message = toMessageDto({ ...after, senderName: c.var.user.name }, c.var.user.id);
      if (replaced !== null) {
        c.executionCtx.waitUntil(fanOut(c.env, after.channelId, { type: "message_edited", message }));
        notifyLater(c, async () =>
          notifyMentions(c.var.db, {
            text: body,
            actorId: c.var.user.id,
            channelId: channel.id,
            messageId: id,
            readers: channel.isPrivate ? await privateChannelReaders(c.var.db, channel.id) : undefined,
            before: replaced,
          }),
        );
      }
      return c.json(message);
    },
  )
  /**
   * Its sender (or an admin) deletes a message for everyone: a placeholder keeps its place, its image goes.
   * A block does not stop it: taking one's words back reaches nobody with anything new.
   */
  .delete("/messages/:id", requireUser, limited("edits"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const { message } = await readableMessage(c, id);
    if (message.senderId !== c.var.user.id && c.var.user.role !== "admin") throw forbidden(E.delete_not_author);
    const imageKey = await deleteMessage(c.var.db, id);
    if (imageKey === undefined) throw notFound(E.message_not_found);
    if (imageKey) await c.env.BLOBS.delete(imageKey);
    c.executionCtx.waitUntil(
      fanOut(c.env, message.channelId, { type: "message_deleted", group_id: message.channelId, message_id: id }),
    );
    return c.json({ success: true as const });
  })
  .get("/messages/:id/image", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const message = await getMessage(c.var.db, id);
    // A hidden message's image is for admins only (the moderation queue shows it).
    if (!message?.imageKey || (message.hiddenAt && c.var.user.role !== "admin")) throw notFound();
    // Same answer whether the message is missing or its channel is hidden from the caller; an admin sees a
    // reported message's image through the report, even in a direct message they are not in.
    const channel = await getVisibleChannel(c.var.db, c.var.user, message.channelId);
    if (!channel && !(c.var.user.role === "admin" && (await isReported(c.var.db, "message", id)))) throw notFound();
    return serveBlob(c.req.raw, c.env.BLOBS, message.imageKey, { cacheControl: "private, max-age=86400, immutable" });
  });
