// "Renew automatically", on /pricing and the membership settings: enrol a card with Oneclick Mall (the
// browser posts TBK_TOKEN to the bank's form, which comes back to the membership settings), see the enrolled card
// and the next charge, or stop it. The host route's action runs the write (client/autorenew/actions.ts).
import { useFetcher } from "react-router";
import { MEMBERSHIP } from "../../worker/shared/rules";
import { formatClp, formatDate } from "../components/format";
import { Spinner } from "../components/Spinner";
import { submitOnMount } from "../components/submit-on-mount";
import { useToast } from "../components/Toasts";
import { failureOf, submitJson, useSettled } from "../data/actions";
import type { MembershipStatusView } from "../session/membership";
import { TEXT } from "../text";
import type { autorenewAction } from "./actions";

type Props = {
  membership: Pick<MembershipStatusView, "status" | "next_payment_due" | "auto_renew">;
  /** The route whose action runs the write. */
  action: string;
  /** Its heading's level: a section of its own (/pricing), or a part of the membership settings' section. */
  heading?: "h2" | "h3";
};

export function AutoRenew({ membership, action, heading: Heading = "h2" }: Props) {
  const T = TEXT.autorenew;
  const write = useFetcher<Awaited<ReturnType<typeof autorenewAction>>>();
  const toast = useToast();
  const answer = write.data?.ok ? write.data.value : null;
  const enrolment = answer && "url" in answer ? answer : null;
  const error = failureOf(write);
  // Busy until the browser leaves for the bank's form.
  const busy = write.state !== "idle" || enrolment !== null;
  const { auto_renew: autoRenew } = membership;
  useSettled(write, (result) => {
    if (result.ok && "auto_renew" in result.value) toast.show(T.stopped, "success");
  });

  const start = () => void submitJson(write, action, { intent: "autorenew-start" });
  const stop = () => void submitJson(write, action, { intent: "autorenew-stop" });
  const price = formatClp(MEMBERSHIP.priceClp);
  const card = [autoRenew.card_type, autoRenew.card_number].filter(Boolean).join(" ");

  return (
    <section className="card autorenew" aria-labelledby="autorenew-title" data-testid="autorenew">
      <Heading id="autorenew-title">{T.title}</Heading>
      {autoRenew.enabled ? (
        <>
          <p>{T.onText(card)}</p>
          {membership.next_payment_due && membership.status === "active" && (
            <p className="muted">{T.nextCharge(price, formatDate(membership.next_payment_due))}</p>
          )}
          <button type="button" className="btn" onClick={stop} disabled={busy} aria-busy={busy}>
            {busy ? <Spinner small label={T.stopping} /> : null}
            {T.stop}
          </button>
        </>
      ) : (
        <>
          {autoRenew.paused && (
            <p className="alert alert-info" role="status">
              {T.paused}
            </p>
          )}
          <p className="muted">{T.offText(price, MEMBERSHIP.periodDays)}</p>
          {membership.status === "active" && <p className="hint">{T.keepDays}</p>}
          <button type="button" className="btn btn-primary" onClick={start} disabled={busy} aria-busy={busy}>
            {busy ? <Spinner small label={T.starting} /> : null}
            {autoRenew.paused ? T.enrolAgain : T.enrol}
          </button>
        </>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {enrolment && (
        // The hidden form goes to the bank's enrolment as soon as it is rendered with its url and token.
        <form ref={submitOnMount} id="oneclick-form" method="post" action={enrolment.url} hidden>
          <input type="hidden" name="TBK_TOKEN" value={enrolment.token} />
        </form>
      )}
    </section>
  );
}

/** What the profile says when the bank's enrolment sends the member back (`?autorenew=`). */
export function enrolmentOutcomeText(outcome: string | null): { text: string; ok: boolean } | null {
  const texts = TEXT.autorenew.outcome;
  if (outcome !== "enrolled" && outcome !== "refused" && outcome !== "abandoned" && outcome !== "failed") return null;
  return { text: texts[outcome], ok: outcome === "enrolled" };
}
