import { api, unwrap } from "../api";

/** The channels the member can see (the messages of one come from its live feed, useChannelFeed). */
export async function chatLoader() {
  try {
    return { ok: true as const, channels: await unwrap(api.groups.$get()) };
  } catch {
    return { ok: false as const };
  }
}
