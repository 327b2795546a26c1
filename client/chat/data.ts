// The chat's data: the channel list (the messages of one come from its live feed, useChannelFeed), the
// data-only loader of a channel's members (the Manage Channel dialog); its action: actions.ts.
import type { LoaderFunctionArgs } from "react-router";
import { api, unwrap } from "../api";

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
