// Chat (docs/spec.md §2 Chat, §3, §5, §7): channels, their members and invitations, and the channel and live
// WebSockets. Messages are message-routes.ts's.
import { z } from "zod";
import { findUserByEmail, normaliseEmail } from "../../db/users";
import type { Env } from "../../env";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { ApiError, conflict, forbidden, notFound } from "../../platform/errors";
import { LIVE_GROUP_ID, liveRoom, sendToUser } from "../../platform/live";
import { requireUnmuted } from "../../platform/mute";
import { limited } from "../../platform/rate-limit";
import { chatRoomStub } from "../../platform/room-stub";
import { idParam, oneLineNameInput, rowId, validate } from "../../platform/validate";
import { CLOSE_ACCESS_REVOKED } from "../../shared/chat-wire";
import { DEFAULT_NAME, LIMITS } from "../../shared/rules";
import { API_ERRORS as E } from "../../shared/texts";
import { buildInvitationEmail, enqueue, notifyChannelInvite, notifyLater } from "../notifications/index";
import { type Ctx, managedChannel, visibleChannelOr404 } from "./access";
import {
  createChannel,
  deleteChannel,
  getVisibleChannel,
  listChannelMembers,
  listUnreadCounts,
  listVisibleChannels,
  markChannelRead,
  toChannelDto,
  toChannelListItem,
  updateChannel,
} from "./queries/channels";
import {
  bindChannelInvitations,
  claimInvitationEmail,
  declineChannelInvitation,
  inviteToChannel,
  listChannelInvitations,
  removeChannelMember,
  revokeChannelInvitation,
} from "./queries/invitations";
import { ROOM_HEADERS } from "./room";
import { closeChatSockets } from "./sockets";

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
  });
// ---- messages ----
// The poll of every open chat: the session and the messages in one D1 round trip.;
