// Automatic renewal's writes, for the actions of the routes that show it (/pricing and the
// profile): start a card enrolment (the form to post TBK_TOKEN to) or stop automatic renewal.
import { api, unwrap } from "../api";
import { attempt } from "../data/actions";
import { TEXT } from "../text";

export type AutorenewIntent = { intent: "autorenew-start" } | { intent: "autorenew-stop" };

export const isAutorenewIntent = (body: { intent?: unknown }): body is AutorenewIntent =>
  body.intent === "autorenew-start" || body.intent === "autorenew-stop";

export function autorenewAction(body: AutorenewIntent) {
  return body.intent === "autorenew-start"
    ? attempt(() => unwrap(api.membership.autorenew.$post()), TEXT.autorenew.startFailed)
    : attempt(() => unwrap(api.membership.autorenew.$delete()), TEXT.autorenew.stopFailed);
}
