// Messages (docs/spec.md §2 Chat, §5, §7): the poll, the three sends (text, data-URL image, multipart image), edits,
// deletion and a message's image. Sending is send.ts's; D1 is the source of truth, the channel's Durable Object
// fans a stored message out to its sockets.
import { z } from "zod";
import { editText } from "../../db/edits";
import { requireUser, requireUserInBatch, withSessionBatch } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { idempotent } from "../../platform/idempotency";
import { sendToUser } from "../../platform/live";
import { parseMediaType } from "../../platform/media-type";
import { requireUnmuted } from "../../platform/mute";
import { limited, limitedInBatch } from "../../platform/rate-limit";
import { serveBlob } from "../../platform/storage";
import { decodeDataUrl } from "../../platform/uploads";
import { idParam, rowId, validate } from "../../platform/validate";
import { readsWithin } from "../../shared/mentions";
import { LIMITS } from "../../shared/rules";
import { API_ERRORS as E, TEXTS } from "../../shared/texts";
import { isReported } from "../moderation/index";
import { notifyLater, notifyMentions } from "../notifications/index";
import { readableMessage } from "./access";
import { getVisibleChannel, markChannelRead, privateChannelReaders } from "./queries/channels";
import { directRefusal } from "./queries/direct";
import { deleteMessage, getMessage, toMessageDto, visibleMessages, visibleMessagesQuery } from "./queries/messages";
import { allowedImageSend, DATA_URL_MAX, imageName, postMessage, sendText } from "./send";
import { fanOut } from "./sockets";

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
    /** The message this one answers: text messages only. */
    reply_to: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
  })
  .refine((m) => !(m.image_url && m.reply_to), { message: E.reply_invalid, path: ["reply_to"] });

const messageEdit = z.object({ body: messageText });

const imageMessageForm = z.object({
  group_id: rowId,
  image: z.instanceof(File, { message: TEXTS.chat.imageTypeInvalid }),
});

export const messageRoutes = createRouter()
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
  .post(
    "/messages",
    requireUserInBatch,
    idempotent,
    limitedInBatch("messages"),
    validate("json", messageBody),
    async (c) => {
      const { group_id, body, image_url, reply_to } = c.req.valid("json");
      if (!image_url) return c.json(await sendText(c, { groupId: group_id, body, replyTo: reply_to ?? null }), 201);
      const { ctx, channel } = await allowedImageSend(c, group_id);
      const { mediaType, bytes } = decodeDataUrl(image_url, LIMITS.chatImageMaxBytes, {
        invalid: TEXTS.chat.imageDataUrlInvalid,
        tooLarge: TEXTS.chat.imageTooLarge,
      });
      const named = /^\[Image: (.+)\]$/.exec(body)?.[1];
      return c.json(
        await postMessage(ctx, channel, body, {
          bytes,
          type: mediaType.essence,
          fileName: imageName(named ?? "image"),
        }),
        201,
      );
    },
  )
  /**
   * Multipart image message: the same send rules as above, then the file is checked, stored in R2, and the message body
   * is '[Image: filename]'.
   */
  .post(
    "/messages/image",
    requireUserInBatch,
    idempotent,
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
