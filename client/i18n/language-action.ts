// The language switch's action (route `/data/language`): applies the language at once, keeps it on
// this device, and saves it on the signed-in member's profile (PUT /api/profile { language }).
import type { ActionFunctionArgs } from "react-router";
import { api, unwrap } from "../api";
import { type ActionResult, attempt, readIntent } from "../data/actions";
import type { SessionStore } from "../session/session-store";
import { TEXT } from "../text";
import { isLanguage } from "./catalog";
import { rememberLanguage, setLanguage } from "./language";

export async function languageAction(session: SessionStore, { request }: ActionFunctionArgs): Promise<ActionResult> {
  const { language } = await readIntent<{ language: unknown }>(request);
  if (!isLanguage(language)) return { ok: false, error: TEXT.common.writeFailed };
  rememberLanguage(language);
  await setLanguage(language);
  if (!session.getState().user) return { ok: true, value: null };
  return attempt(
    async () => {
      await unwrap(api.profile.$put({ json: { language } }));
      return null;
    },
    TEXT.language.saveFailed,
    { fixed: true },
  );
}
