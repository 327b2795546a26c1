// The API key check of the admin dashboard (SPEC §2 API Keys, §3 API key check result).
import { TEXTS } from "../../worker/shared/texts";

export const KEY_PROVIDERS = ["openai", "gemini", "straico"] as const;
export type KeyProvider = (typeof KEY_PROVIDERS)[number];
export type KeyCheck = { available: boolean; keyFormat: string; error: string | null };
export type KeyResults = Record<KeyProvider, KeyCheck>;

/** POST /api/ai/validate-keys. The AI issue wires this to the real call; until then it fails. */
export async function validateKeys(): Promise<KeyResults> {
  throw new Error(TEXTS.admin.validateKeysFailed);
}
