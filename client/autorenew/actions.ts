// Automatic renewal's writes, for the actions of the routes that show it (/pricing and the
// profile): start a card enrolment (the form to post TBK_TOKEN to) or stop automatic renewal.
import { api, unwrap } from "../api";
import { attempt } from "../data/actions";
import { TEXT } from "../text";

export type AutorenewIntent =
  | { intent: "autorenew-start" }
  | { intent: "autorenew-stop" }
  | { intent: "autorenew-pause"; periods: number }
  | { intent: "autorenew-resume" };

const INTENTS: readonly unknown[] = ["autorenew-start", "autorenew-stop", "autorenew-pause", "autorenew-resume"];

export const isAutorenewIntent = (body: { intent?: unknown }): body is AutorenewIntent => INTENTS.includes(body.intent);

export function autorenewAction(body: AutorenewIntent) {
  switch (body.intent) {
    case "autorenew-start":
      return attempt(() => unwrap(api.membership.autorenew.$post()), TEXT.autorenew.startFailed);
    case "autorenew-stop":
      return attempt(() => unwrap(api.membership.autorenew.$delete()), TEXT.autorenew.stopFailed);
    // A pause of 1 to 3 periods instead of stopping, and its early end.
    case "autorenew-pause":
      return attempt(
        () => unwrap(api.membership.pause.$post({ json: { periods: body.periods } })),
        TEXT.autorenew.pauseFailed,
      );
    case "autorenew-resume":
      return attempt(() => unwrap(api.membership.pause.$delete()), TEXT.autorenew.pauseFailed);
  }
}
