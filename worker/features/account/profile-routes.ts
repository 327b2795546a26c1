// Profile (docs/spec.md §2, §3, §7): the caller's profile, their own details, and their active sessions.
//
// Wire format: GET /profile answers `{ user, profile: { goals, interests, socials } }` where the three
// profile fields are JSON-encoded strings, exactly as docs/spec.md §3 describes them. PUT /profile accepts
// each field either as such a JSON-encoded string or as the decoded array/object.
import { type ZodType, z } from "zod";
import { isAnotherAdminsName, toUserDto } from "../../db/users";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { conflict, notFound } from "../../platform/errors";
import { unmutedOr403 } from "../../platform/mute";
import { limited } from "../../platform/rate-limit";
import { displayNameInput, validate } from "../../platform/validate";
import { PROFILE_LIMITS } from "../../shared/profile-rules";
import { DIRECT_MESSAGE_POLICIES, LANGUAGES, LIMITS } from "../../shared/rules";
import { API_ERRORS as E } from "../../shared/texts";
import { closeSessionSockets } from "../chat/index";
import { deleteOtherSessions, getProfile, listActiveSessions, saveProfile, updateUserDetails } from "./queries/profile";

/** Accepts the decoded value or its JSON encoding (the spec's wire format), validated the same way. */
const jsonOr = <T extends ZodType>(schema: T) =>
  z.union([
    z
      .string()
      .max(20_000)
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "must be valid JSON" });
          return z.NEVER;
        }
      })
      .pipe(schema),
    schema,
  ]);

const entries = z
  .array(z.string().trim().min(1, E.entry_blank).max(LIMITS.profileEntryMax, E.entry_too_long))
  .max(LIMITS.profileEntriesMax, E.too_many_entries);

const socials = z
  .record(
    z.string().trim().min(1).max(PROFILE_LIMITS.socialKeyMax),
    z.url({ protocol: /^https?$/, error: E.social_url_invalid }).max(PROFILE_LIMITS.socialUrlMax),
  )
  .refine((o) => Object.keys(o).length <= LIMITS.socialsMax, E.too_many_socials);

/**
 * The spec's three JSON fields, the UI language the member chose (docs/client.md "Words") and who may
 * message them.
 */
const profileBody = z
  .object({
    goals: jsonOr(entries).optional(),
    interests: jsonOr(entries).optional(),
    socials: jsonOr(socials).optional(),
    language: z.enum(LANGUAGES, { error: E.language_invalid }).optional(),
    direct_messages: z.enum(DIRECT_MESSAGE_POLICIES, { error: E.direct_messages_invalid }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), E.profile_empty);

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** Blank text clears a field (null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .max(max * 2)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, tooLong))
    .transform((s) => s || null)
    .nullable()
    .optional();

const detailsBody = z
  .object({
    name: displayNameInput,
    bio: optionalText(LIMITS.bioMax, E.bio_too_long),
    timezone: z
      .string()
      .max(LIMITS.timezoneMax)
      .transform((s) => s.trim())
      .refine((s) => s === "" || isTimeZone(s), E.timezone_invalid)
      .transform((s) => s || null)
      .nullable()
      .optional(),
  })
  .strict();

export const profileRoutes = createRouter()
  .get("/profile", requireUser, async (c) => {
    const profile = await getProfile(c.var.db, c.var.user.id);
    return c.json({ user: toUserDto(c.var.user), profile });
  })
  .put("/profile", requireUser, limited("profile"), validate("json", profileBody), async (c) => {
    const { language, direct_messages, ...lists } = c.req.valid("json");
    const settings = Object.fromEntries(
      Object.entries({ language, directMessages: direct_messages }).filter(([, v]) => v !== undefined),
    );
    const user = Object.keys(settings).length ? await updateUserDetails(c.var.db, c.var.user.id, settings) : c.var.user;
    if (!user) throw notFound();
    const hasLists = lists.goals !== undefined || lists.interests !== undefined || lists.socials !== undefined;
    const profile = hasLists
      ? await saveProfile(c.var.db, c.var.user.id, lists)
      : await getProfile(c.var.db, c.var.user.id);
    return c.json({ user: toUserDto(user), profile });
  })
  // The caller's own display name, bio and timezone (blank clears; the timezone must be an IANA zone).
  .patch("/users/me", requireUser, limited("profile"), validate("json", detailsBody), async (c) => {
    const patch = c.req.valid("json");
    // The name and the bio are what others see: a muted member keeps them as they are.
    if (patch.name !== undefined || patch.bio !== undefined) unmutedOr403(c.var.user);
    if (patch.name && (await isAnotherAdminsName(c.var.db, patch.name, c.var.user.id))) throw conflict(E.name_reserved);
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const updated = Object.keys(clean).length ? await updateUserDetails(c.var.db, c.var.user.id, clean) : c.var.user;
    if (!updated) throw notFound();
    return c.json(toUserDto(updated));
  })
  .get("/sessions", requireUser, async (c) => {
    return c.json(await listActiveSessions(c.var.db, c.var.user.id, c.var.sessionId));
  })
  .delete("/sessions/others", requireUser, limited("profile"), async (c) => {
    const ended = await deleteOtherSessions(c.var.db, c.var.user.id, c.var.sessionId);
    await closeSessionSockets(c.env, c.var.db, c.var.user, ended);
    return c.json({ success: true, signed_out: ended.length });
  });
