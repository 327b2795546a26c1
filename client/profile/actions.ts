// The profile's action: its writes, one intent each (docs/client.md#writes). It loads with the
// profile's screen (the route's lazy action), not with the app's shell.
import type { InferRequestType } from "hono/client";
import type { DirectMessagePolicy } from "../../worker/shared/rules";
import { api, unwrap } from "../api";
import { type AutorenewIntent, autorenewAction } from "../autorenew/actions";
import { attempt, readIntent } from "../data/actions";
import type { SessionStore } from "../session/session-store";
import { TEXT } from "../text";

export type ProfileInput = InferRequestType<typeof api.profile.$put>["json"];
export type DetailsInput = InferRequestType<typeof api.users.me.$patch>["json"];

export type ProfileIntent =
  | { intent: "save-profile"; profile: ProfileInput; details: DetailsInput | null }
  | { intent: "sign-out-others" }
  | { intent: "delete-account"; confirm: string }
  | { intent: "direct-messages"; value: DirectMessagePolicy }
  | { intent: "unblock"; user_id: number; name: string }
  | AutorenewIntent;

/**
 * The profile's writes through fetchers: saving the form (the profile's lists, then the name, bio and
 * time zone when they changed: two routes, each failure its own text), signing out the other sessions,
 * deleting the account (confirmed by the member's own email), who may message the member and
 * unblocking. The router then loads the profile again.
 */
export async function profileAction(session: SessionStore, { request }: { request: Request }) {
  const body = await readIntent<ProfileIntent>(request);
  switch (body.intent) {
    case "save-profile": {
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
    case "sign-out-others":
      return attempt(() => unwrap(api.sessions.others.$delete()), TEXT.profile.signOutOthersFailed);
    case "delete-account":
      return attempt(
        () => unwrap(api.profile.$delete({ json: { confirm: body.confirm } })),
        TEXT.dataRights.deleteFailed,
      );
    case "direct-messages":
      return attempt(
        () => unwrap(api.profile.$put({ json: { direct_messages: body.value } })),
        TEXT.profile.directSaveFailed,
      );
    case "unblock":
      return attempt(async () => {
        await unwrap(api.blocks[":user_id"].$delete({ param: { user_id: String(body.user_id) } }));
        return { name: body.name };
      }, TEXT.direct.blockFailed);
    case "autorenew-start":
    case "autorenew-stop":
      return autorenewAction(body);
  }
}
