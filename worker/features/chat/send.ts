// Sending a message, the use case that owns its side effects: the rules every send follows (checked in the
// session's D1 batch), the image stored with its row, then the fan-out to the channel's sockets, the live
// activity, and the mentions' and a reply's notifications, all after the answer.
import { unmutedSql } from "../../db/users";
import type { SessionUser } from "../../env";
import { withSessionBatch } from "../../platform/auth";
import { ApiError, badRequest, forbidden, notFound } from "../../platform/errors";
import { unmutedOr403 } from "../../platform/mute";
import { countForUser, rateLimitInBatch } from "../../platform/rate-limit";
import { checkedImage, cleanFileName, storeBlobWithRow } from "../../platform/uploads";
import type { MessageDto } from "../../shared/chat-wire";
import { LIMITS, RATE_LIMITS } from "../../shared/rules";
import { API_ERRORS as E, TEXTS } from "../../shared/texts";
import { notifyLater, notifyMentions, notifyReply } from "../notifications/index";
import type { Ctx } from "./access";
import { announceActivity } from "./activity";
import type { ChannelRow } from "./queries/channels";
import { privateChannelReaders, visibleChannelQuery } from "./queries/channels";
import { directRefusal } from "./queries/direct";
import { insertMessage, sendMessageStatements, sendRules, toMessageDto } from "./queries/messages";
import { fanOut } from "./sockets";

/** A base64 data URL of the largest allowed image, with room for its header. */
export const DATA_URL_MAX = Math.ceil((LIMITS.chatImageMaxBytes * 4) / 3) + 200;

/**
 * Stores a message (after its image, if any: checked, then in R2 with the row, the object removed if
 * the row fails), then announces it.
 */
export async function postMessage(
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
export function announceMessage(
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
export function sendChecks(c: Parameters<typeof withSessionBatch>[0], now = Date.now()) {
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
export async function allowedImageSend(c: Parameters<typeof withSessionBatch>[0], groupId: number) {
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

/** A display name for '[Image: filename]'. */
export const imageName = (name: string) => cleanFileName(name, "image", 100);

/**
 * A text message is one D1 round trip: the session, the rate limit, the channel's visibility, the message and the
 * sender's read marker in one batch, the writes guarded so a refused send writes nothing (docs/capacity.md, "where
 * the time goes"). Then it is announced, and the author of the message it answers is told.
 */
export async function sendText(
  c: Parameters<typeof withSessionBatch>[0],
  input: { groupId: number; body: string; replyTo: number | null },
): Promise<MessageDto> {
  const { groupId, body, replyTo } = input;
  const rules = sendChecks(c);
  const {
    user,
    results: [counted, [visible], [stored]],
  } = await withSessionBatch(c, (member) => [
    rules.count(member),
    ...sendMessageStatements(c.var.db, member, groupId, { body, replyTo }, rules.sendable(member)),
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
    notifyLater(ctx, async () =>
      notifyReply(c.var.db, {
        repliedTo: replyTo,
        replyId: stored.id,
        actorId: user.id,
        channelId: channel.id,
        readers: channel.isPrivate ? await privateChannelReaders(c.var.db, channel.id) : undefined,
      }),
    );
  return message;
}
