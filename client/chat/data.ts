// The chat's data: the channel list (the messages of one come from its live feed, useChannelFeed), the
// data-only loader of a channel's members (the Manage Channel dialog), and the action of every channel write.
import type { InferRequestType } from "hono/client";
import type { LoaderFunctionArgs } from "react-router";
import { api, unwrap } from "../api";
import { attempt, readIntent } from "../data/actions";
import { TEXT } from "../text";

export const CHAT_PATH = "/app/chat";
export const channelMembersPath = (channelId: number) => `/data/channels/${channelId}/members`;

/** The channels the member can see. */
export async function chatLoader() {
  try {
    return { ok: true as const, channels: await unwrap(api.groups.$get()) };
  } catch {
    return { ok: false as const };
  }
}

/** A private channel's members and open invitations; a failure is the dialog's own (it says so beside the form). */
export const channelMembersLoader = ({ params }: LoaderFunctionArgs) =>
  unwrap(api.groups[":id"].members.$get({ param: { id: String(params.id) } })).then(
    (list) => ({ ok: true as const, list }),
    () => ({ ok: false as const }),
  );

export type ChannelInput = InferRequestType<typeof api.groups.$post>["json"];

export type ChatIntent =
  | { intent: "create-channel"; channel: ChannelInput }
  | { intent: "update-channel"; id: number; channel: ChannelInput }
  | { intent: "delete-channel"; id: number }
  | { intent: "invite-member"; id: number; email: string }
  | { intent: "remove-member"; id: number; userId: number }
  | { intent: "revoke-invitation"; id: number; invitationId: number };

/** Every channel write (API path /groups: docs/architecture.md); the router then loads the channels and the open members list again. */
export async function chatAction({ request }: { request: Request }) {
  const body = await readIntent<ChatIntent>(request);
  const id = "id" in body ? String(body.id) : "";
  switch (body.intent) {
    case "create-channel":
      return attempt(() => unwrap(api.groups.$post({ json: body.channel })), TEXT.chat.createFailed);
    case "update-channel":
      return attempt(() => unwrap(api.groups[":id"].$put({ param: { id }, json: body.channel })), TEXT.chat.updateFailed);
    case "delete-channel":
      return attempt(() => unwrap(api.groups[":id"].$delete({ param: { id } })), TEXT.chat.deleteFailed);
    // Known and unknown emails get the same answer: an invitation (docs/architecture.md, "No account oracle").
    case "invite-member":
      return attempt(() => unwrap(api.groups[":id"].members.$post({ param: { id }, json: { email: body.email } })), TEXT.chat.memberAddFailed);
    case "remove-member":
      return attempt(() => unwrap(api.groups[":id"].members[":userId"].$delete({ param: { id, userId: String(body.userId) } })), TEXT.chat.memberRemoveFailed);
    case "revoke-invitation":
      return attempt(
        () => unwrap(api.groups[":id"].invitations[":invitationId"].$delete({ param: { id, invitationId: String(body.invitationId) } })),
        TEXT.channelMembers.revokeFailed,
      );
  }
}
