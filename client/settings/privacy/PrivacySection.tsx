// The privacy section: who may message the member, and the members they blocked.
import { useLoaderData, useRevalidator } from "react-router";
import { errorText } from "../../api";
import { ErrorState } from "../../components/States";
import { DirectSettings } from "../../direct/DirectSettings";
import { TEXT } from "../../text";
import { SettingsSection } from "../SettingsSection";
import type { privacySettingsLoader } from "./data";

export default function PrivacySection() {
  const { policy, blocks } = useLoaderData<typeof privacySettingsLoader>();
  const revalidator = useRevalidator();
  return (
    <SettingsSection section="privacy">
      <p className="muted">{TEXT.settings.privacyHint}</p>
      {policy.ok ? (
        <DirectSettings policy={policy.rows} blocks={blocks} />
      ) : (
        <ErrorState
          text={errorText(policy.failure, TEXT.settings.privacyLoadFailed)}
          busy={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      )}
    </SettingsSection>
  );
}
