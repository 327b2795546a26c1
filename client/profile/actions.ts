// The profile's action: its writes, one intent each (docs/client.md#writes). It loads with the
// profile's screen (the route's lazy action), not with the app's shell.
import type { InferRequestType } from "hono/client";
import { api, unwrap } from "../api";
import { attempt, readIntent } from "../data/actions";
import type { SessionStore } from "../session/session-store";
import { TEXT } from "../text";

export type ProfileInput = InferRequestType<typeof api.profile.$put>["json"];
export type DetailsInput = InferRequestType<typeof api.users.me.$patch>["json"];

export type ProfileIntent = { intent: "save-profile"; profile: ProfileInput; details: DetailsInput | null };

/**
 * The profile's write through a fetcher: saving the form (the profile's lists, then the name, bio and
 * time zone when they changed: two routes, each failure its own text). The router then loads the profile again.
 * The member's settings have their own sections' actions (client/settings/).
 */
export async function profileAction(session: SessionStore, { request }: { request: Request }) {
  const body = await readIntent<ProfileIntent>(request);
  const saved = await attempt(() => unwrap(api.profile.$put({ json: body.profile })), TEXT.profile.saveFailed);
  const { details } = body;
  if (!saved.ok || !details) return saved;
  const named = await attempt(() => unwrap(api.users.me.$patch({ json: details })), TEXT.profile.detailsSaveFailed);
  // The lists were saved even so: the profile is loaded again.
  if (!named.ok) return { ...named, partly: true as const };
  // The shell shows the member's name: the session store reads it again.
  void session.fetchUser();
  return named;
}
