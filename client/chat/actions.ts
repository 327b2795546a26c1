// The chat's action: every channel write, one intent each (docs/client.md#writes). It loads with the
// chat's screen (the route's lazy action), not with the app's shell.
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "../api";
import { attempt, readIntent } from "../data/actions";
import { TEXT } from "../text";

export type ChannelInput = InferRequestType<typeof api.groups.$post>["json"];

export type ChatIntent =
  | { intent: "create-channel"; channel: ChannelInput }
  | { intent: "update-channel"; id: number; channel: ChannelInput }
  | { intent: "delete-channel"; id: number }
  | { intent: "invite-member"; id: number; email: string }
  | { intent: "remove-member"; id: number; userId: number }
  | { intent: "revoke-invitation"; id: number; invitationId: number };

/**
 * Every channel write (API path /groups: docs/architecture.md); the router then loads the channels and the open members
 * list again.
 */
export async function chatAction({ request }: { request: Request }) {
  const body = await readIntent<ChatIntent>(request);
  const id = "id" in body ? String(body.id) : "";
  switch (body.intent) {
    case "create-channel":
      return attempt(() => unwrap(api.groups.$post({ json: body.channel })), TEXT.chat.createFailed);
    case "update-channel":
      return attempt(
        () => unwrap(api.groups[":id"].$put({ param: { id }, json: body.channel })),
        TEXT.chat.updateFailed,
      );
    case "delete-channel":
      return attempt(() => unwrap(api.groups[":id"].$delete({ param: { id } })), TEXT.chat.deleteFailed);
    // Known and unknown emails get the same answer: an invitation (docs/architecture.md, "No account oracle").
    case "invite-member":
      return attempt(
        () => unwrap(api.groups[":id"].members.$post({ param: { id }, json: { email: body.email } })),
        TEXT.chat.memberAddFailed,
      );
    case "remove-member":
      return attempt(
        () => unwrap(api.groups[":id"].members[":userId"].$delete({ param: { id, userId: String(body.userId) } })),
        TEXT.chat.memberRemoveFailed,
      );
    case "revoke-invitation":
      return attempt(
        () =>
          unwrap(
            api.groups[":id"].invitations[":invitationId"].$delete({
              param: { id, invitationId: String(body.invitationId) },
            }),
          ),
        TEXT.channelMembers.revokeFailed,
      );
  }
}
