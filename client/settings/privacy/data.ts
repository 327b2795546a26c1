// The privacy section's data and writes: who may message the member (their profile's choice) and the members they
// blocked, each failing on its own; its action sets the choice or unblocks a member.
import type { DirectMessagePolicy } from "../../../worker/shared/rules";
import { api, unwrap } from "../../api";
import { attempt, readIntent } from "../../data/actions";
import { TEXT } from "../../text";
import { part } from "../part";

export async function privacySettingsLoader() {
  const [policy, blocks] = await Promise.all([
    part(unwrap(api.profile.$get()).then((answer) => answer.user.direct_messages)),
    part(unwrap(api.blocks.$get()).then((answer) => answer.blocks)),
  ]);
  return { policy, blocks };
}

export type BlocksData = Awaited<ReturnType<typeof privacySettingsLoader>>["blocks"];

export type PrivacyIntent =
  | { intent: "direct-messages"; value: DirectMessagePolicy }
  | { intent: "unblock"; user_id: number; name: string };

export async function privacySettingsAction({ request }: { request: Request }) {
  const body = await readIntent<PrivacyIntent>(request);
  if (body.intent === "direct-messages")
    return attempt(
      () => unwrap(api.profile.$put({ json: { direct_messages: body.value } })),
      TEXT.profile.directSaveFailed,
    );
  return attempt(async () => {
    await unwrap(api.blocks[":user_id"].$delete({ param: { user_id: String(body.user_id) } }));
    return { name: body.name };
  }, TEXT.direct.blockFailed);
}
