// The profile's data: the profile, the member's sessions and payments, in parallel; each fails on its own.
import { api, unwrap } from "../api";
import { skipAfter } from "../data/actions";
import { fetchMembershipStatus } from "../session/membership";

export const PROFILE_PATH = "/app/profile";
/** The export is a download straight from the API (Content-Disposition: attachment). */
export const PROFILE_EXPORT_PATH = "/api/profile/export";

/** Decodes the JSON-encoded text of docs/spec.md §3, tolerating anything malformed. */
function decodeList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function decodeSocials(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string" && /^https?:\/\//i.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

const loadProfile = async () => {
  const { user, profile } = await unwrap(api.profile.$get());
  return {
    user,
    goals: decodeList(profile.goals),
    interests: decodeList(profile.interests),
    socials: decodeSocials(profile.socials),
  };
};

export async function profileLoader() {
  const [profile, sessions, payments, calendar, membership, blocks] = await Promise.all([
    loadProfile().catch(() => null),
    section(unwrap(api.sessions.$get())),
    section(unwrap(api.membership.payments.$get())),
    section(unwrap(api.profile.calendar.$get())),
    // Automatic renewal's card; the rest of the profile shows without it.
    fetchMembershipStatus().catch(() => null),
    // The members blocked, listed with Unblock.
    section(unwrap(api.blocks.$get()).then((answer) => answer.blocks)),
  ]);
  return { profile, sessions, payments, calendar, membership, blocks };
}

/**
 * A section of the page that fails on its own: its rows, or its failure, worded when shown (errorText with the
 * section's fallback): the sections' words load with their code, after this loader.
 */
const section = <T>(rows: Promise<T>) =>
  rows.then(
    (value) => ({ ok: true as const, rows: value }),
    (failure: unknown) => ({ ok: false as const, failure }),
  );

export type ProfileData = NonNullable<Awaited<ReturnType<typeof loadProfile>>>;
export type SessionsData = Awaited<ReturnType<typeof profileLoader>>["sessions"];
export type PaymentsData = Awaited<ReturnType<typeof profileLoader>>["payments"];
export type BlocksData = Awaited<ReturnType<typeof profileLoader>>["blocks"];

/** After deleting the account there is no profile to load again: the member leaves for the landing page. */
export const skipAfterAccountDeletion = skipAfter("delete-account");
