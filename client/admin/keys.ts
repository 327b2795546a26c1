// The API key check of the admin dashboard (docs/spec.md §2 API Keys, §3 API key check result).
import { api, unwrap } from "../api";

export const KEY_PROVIDERS = ["openai", "gemini", "straico"] as const;
export type KeyProvider = (typeof KEY_PROVIDERS)[number];
export type KeyResults = Awaited<ReturnType<typeof validateKeys>>;
export type KeyCheck = KeyResults[KeyProvider];

/** POST /api/ai/validate-keys with an empty JSON body, as docs/spec.md §7 says. */
export async function validateKeys() {
  const { results } = await unwrap(api.ai["validate-keys"].$post({ json: {} }));
  return results;
}
