// The membership section: a composition of parts, each reading the section's loader (the plan, automatic
// renewal with its next charge, the payment history with receipts). New parts of a membership (plans, a pause,
// gifts) mount here beside them.
import { useLoaderData, useRevalidator, useSearchParams } from "react-router";
import { settingsPath } from "../../../worker/shared/settings";
import { errorText } from "../../api";
import { AutoRenew, enrolmentOutcomeText } from "../../autorenew/AutoRenew";
import { ErrorState } from "../../components/States";
import { useSession } from "../../session/session-context";
import { TEXT } from "../../text";
import { SettingsSection } from "../SettingsSection";
import type { membershipSettingsLoader } from "./data";
import { PaymentHistory } from "./PaymentHistory";
import { PlanSummary } from "./PlanSummary";

export default function MembershipSection() {
  const { membership, payments } = useLoaderData<typeof membershipSettingsLoader>();
  const { user } = useSession();
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  // The bank's enrolment sends the member back here (`?autorenew=`): how it went.
  const outcome = enrolmentOutcomeText(search.get("autorenew"));
  return (
    <SettingsSection section="membership">
      {outcome && (
        <p className={`alert ${outcome.ok ? "alert-success" : "alert-info"}`} role="status">
          {outcome.text}
        </p>
      )}
      {membership.ok ? (
        <>
          <PlanSummary membership={membership.rows} />
          {membership.rows.status !== "admin" && (
            <AutoRenew membership={membership.rows} action={settingsPath("membership")} heading="h3" />
          )}
        </>
      ) : (
        <ErrorState
          text={errorText(membership.failure, TEXT.settings.plan.loadFailed)}
          busy={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      )}
      {user && <PaymentHistory payments={payments} member={user} />}
    </SettingsSection>
  );
}
