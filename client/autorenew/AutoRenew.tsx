// "Renew automatically", on /pricing and the membership settings: enrol a card with Oneclick Mall (the
// browser posts TBK_TOKEN to the bank's form, which comes back to the membership settings), see the enrolled card
// and the next charge, or stop it. The host route's action runs the write (client/autorenew/actions.ts).
import { useState } from "react";
import { useFetcher } from "react-router";
import { AUTORENEW, MEMBERSHIP } from "../../worker/shared/rules";
import { Select } from "../components/Field";
import { formatClp, formatDate } from "../components/format";
import { Spinner } from "../components/Spinner";
import { useToast } from "../components/Toasts";
import { failureOf, submitJson, useSettled } from "../data/actions";
import type { MembershipStatusView } from "../session/membership";
import { TEXT } from "../text";
import type { autorenewAction } from "./actions";
import { OneclickForm } from "./OneclickForm";

/** 1 to 3 periods (AUTORENEW.pausePeriodsMax). */
const PAUSE_OPTIONS = Array.from({ length: AUTORENEW.pausePeriodsMax }, (_, i) => `${i + 1}` as `${number}`);

type Props = {
  membership: Pick<MembershipStatusView, "status" | "next_payment_due" | "auto_renew" | "renews">;
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
  const [periods, setPeriods] = useState<`${number}`>("1");
  const [lastIntent, setLastIntent] = useState<string | null>(null);
  useSettled(write, (result) => {
    if (!result.ok || !("auto_renew" in result.value)) return;
    const said: Record<string, string> = { "autorenew-stop": T.stopped, "autorenew-resume": T.resumed };
    if (lastIntent && said[lastIntent]) toast.show(said[lastIntent], "success");
  });

  const send = (body: Record<string, string | number>) => {
    setLastIntent(String(body.intent));
    void submitJson(write, action, body);
  };
  const start = () => send({ intent: "autorenew-start" });
  const stop = () => send({ intent: "autorenew-stop" });
  const pause = () => send({ intent: "autorenew-pause", periods: Number(periods) });
  const resume = () => send({ intent: "autorenew-resume" });
  // What the next charge will be (the server's renewal price: plan, coupon, a kept price); the specification's plan
  // before any membership.
  const price = formatClp(membership.renews?.amount_clp ?? MEMBERSHIP.priceClp);
  const periodDays = membership.renews?.period_days ?? MEMBERSHIP.periodDays;
  const due = membership.next_payment_due && formatDate(membership.next_payment_due);
  const onTrial = membership.status === "trial";
  const card = [autoRenew.card_type, autoRenew.card_number].filter(Boolean).join(" ");

  return (
    <section className="card autorenew" aria-labelledby="autorenew-title" data-testid="autorenew">
      <Heading id="autorenew-title">{T.title}</Heading>
      {autoRenew.enabled ? (
        <>
          <p>{T.onText(card)}</p>
          {due && membership.status === "active" && <p className="muted">{T.nextCharge(price, due)}</p>}
          {due && onTrial && <p className="muted">{T.trialEnds(due, price)}</p>}
          {onTrial ? null : autoRenew.resumes_at ? (
            <>
              <p className="alert alert-info" role="status">
                {T.pausedUntil(formatDate(autoRenew.resumes_at))}
              </p>
              <button type="button" className="btn btn-primary" onClick={resume} disabled={busy}>
                {T.resume}
              </button>
            </>
          ) : (
            // Offered before stopping: a pause keeps the card and starts again by itself.
            <div className="autorenew-pause stack">
              <p className="hint">{T.pauseOffer}</p>
              <Select<`${number}`>
                label={T.pauseLength}
                value={periods}
                options={PAUSE_OPTIONS}
                optionLabels={Object.fromEntries(PAUSE_OPTIONS.map((o) => [o, T.pausePeriods(Number(o))]))}
                onValue={setPeriods}
              />
              <button type="button" className="btn btn-primary" onClick={pause} disabled={busy} aria-busy={busy}>
                {busy && lastIntent === "autorenew-pause" ? <Spinner small label={T.pausing} /> : null}
                {T.pause}
              </button>
            </div>
          )}
          <button type="button" className="btn" onClick={stop} disabled={busy} aria-busy={busy}>
            {busy && lastIntent === "autorenew-stop" ? <Spinner small label={T.stopping} /> : null}
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
          {due && onTrial && (
            <p className="alert alert-info" role="status">
              {T.trialStopped(due)}
            </p>
          )}
          <p className="muted">{T.offText(price, periodDays)}</p>
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
      {enrolment && <OneclickForm url={enrolment.url} token={enrolment.token} />}
    </section>
  );
}

/** What the profile says when the bank's enrolment sends the member back (`?autorenew=`). */
export function enrolmentOutcomeText(outcome: string | null): { text: string; ok: boolean } | null {
  const texts = TEXT.autorenew.outcome;
  if (!outcome || !Object.hasOwn(texts, outcome)) return null;
  const known = outcome as keyof typeof texts;
  return { text: texts[known], ok: known === "enrolled" || known === "trial" };
}
