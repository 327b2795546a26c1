// The profile's data: who the member is (name, bio, goals, interests, socials). Their settings are at
// /app/settings/<section>; the profile's old links to them go on there.
import { redirect } from "react-router";
import { settingsPath } from "../../worker/shared/settings";
import { api, unwrap } from "../api";

export const PROFILE_PATH = "/app/profile";

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

/**
 * The addresses of what the profile showed before the settings had their own (/app/settings/<section>), still in
 * emails, bookmarks and the bank's return: each goes on to its section, with its query.
 */
export function oldProfileLink(url: URL): string | null {
  // The bank's card enrolment came back to /app/profile?autorenew=<outcome>.
  if (url.searchParams.has("autorenew")) return `${settingsPath("membership")}${url.search}`;
  return null;
}

export async function profileLoader({ request }: { request: Request }) {
  const moved = oldProfileLink(new URL(request.url));
  if (moved) return redirect(moved);
  return { profile: await loadProfile().catch(() => null) };
}

export type ProfileData = NonNullable<Awaited<ReturnType<typeof loadProfile>>>;
