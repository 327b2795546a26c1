import { useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { LANGUAGES } from "../../worker/shared/rules";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { getLanguage, subscribeLanguage } from "../i18n/language";
import { TEXT } from "../text";
import { useToast } from "./Toasts";

/** The active language; a change re-renders the caller. */
export const useLanguage = () => useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);

/**
 * The header's language switch. The choice goes through the `/data/language` action (client/i18n/data.ts):
 * applied at once, kept on this device, and saved on the profile. The fetcher has a key because the
 * app's tree re-renders from scratch on a language change (client/app.tsx) while the save is on its way.
 */
export function LanguageSwitch() {
  const language = useLanguage();
  const fetcher = useFetcher<ActionResult>({ key: "language" });
  const toast = useToast();
  useSettled(fetcher, (result) => {
    if (!result.ok) toast.show(result.error, "error");
  });
  return (
    <select
      className="select language-select"
      aria-label={TEXT.language.label}
      value={language}
      onChange={(e) => submitJson(fetcher, "/data/language", { language: e.target.value })}
    >
      {LANGUAGES.map((option) => (
        <option key={option} value={option} lang={option}>
          {TEXT.language.names[option]}
        </option>
      ))}
    </select>
  );
}
