// Delivery outside the app: GET/PUT /api/notifications/preferences (the grid and the
// digest), GET /api/push/vapid-public-key, POST/DELETE/GET /api/push/subscriptions (this member's
// browsers), GET/POST /api/email/unsubscribe?token= (RFC 8058 one-click).
import { z } from "zod";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { fromBase64url } from "../../platform/crypto";
import { ApiError, notFound } from "../../platform/errors";
import { limited, limitedPerIp } from "../../platform/rate-limit";
import { validate } from "../../platform/validate";
import { DELIVERY_CHANNELS, DIGESTS } from "../../shared/notification-settings";
import { NOTIFICATION_KINDS } from "../../shared/notifications";
import { settingsPath } from "../../shared/settings";
import { API_ERRORS as E } from "../../shared/texts";
import { readUnsubscribeToken } from "./email/unsubscribe";
import { importDeviceKey } from "./push/encrypt";
import { normalisePushEndpoint } from "./push/endpoint";
import {
  deletePushSubscription,
  getPreferences,
  listPushSubscriptions,
  savePreferences,
  savePushSubscription,
  unsubscribeFromEmail,
} from "./queries/deliveries";
import { NOTIFICATION_TEXTS } from "./texts";

const channelChoices = z.strictObject(
  Object.fromEntries(DELIVERY_CHANNELS.map((ch) => [ch, z.boolean()])) as Record<
    (typeof DELIVERY_CHANNELS)[number],
    z.ZodBoolean
  >,
);

const preferencesBody = z.object({
  // Strict: an unknown kind or channel is 400, never silently dropped.
  preferences: z.strictObject(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelChoices.optional()])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      z.ZodOptional<typeof channelChoices>
    >,
  ),
  digest: z.enum(DIGESTS),
});

/** A push service's endpoint, as the one spelling it is stored and looked up by. */
const endpoint = z
  .string()
  .max(2048)
  .transform((raw, ctx) => {
    const normal = normalisePushEndpoint(raw);
    if (normal === null) ctx.addIssue({ code: "custom", message: E.push_endpoint_invalid });
    return normal ?? z.NEVER;
  });

/** Keys a browser really produced: an uncompressed P-256 point (65 bytes) and a 16-byte secret. */
async function validKeys(keys: { p256dh: string; auth: string }) {
  try {
    if (fromBase64url(keys.auth).length !== 16) return false;
    await importDeviceKey(fromBase64url(keys.p256dh));
    return true;
  } catch {
    return false;
  }
}

const subscriptionBody = z.object({
  endpoint,
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
});

const tokenQuery = z.object({ token: z.string().max(300) });

/** The unsubscribe's page: its message, then the way to the member's notification settings (same origin). */
const page = (lang: "en" | "es", body: string) =>
  `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Cosmic Lounge</title>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">${body}
<p><a href="${settingsPath("notifications")}">${NOTIFICATION_TEXTS[lang].settings.notifications}</a></p></body></html>`;

export const notificationSettingsRoutes = createRouter()
  .get("/notifications/preferences", requireUser, async (c) => c.json(await getPreferences(c.var.db, c.var.user.id)))
  .put(
    "/notifications/preferences",
    requireUser,
    limited("notifySettings"),
    validate("json", preferencesBody),
    async (c) => c.json(await savePreferences(c.var.db, c.var.user.id, c.req.valid("json"))),
  )
  .get("/push/vapid-public-key", requireUser, (c) => {
    if (!c.env.VAPID_PUBLIC_KEY || !c.env.VAPID_PRIVATE_KEY) throw new ApiError(503, E.push_not_configured);
    return c.json({ key: c.env.VAPID_PUBLIC_KEY });
  })
  .get("/push/subscriptions", requireUser, async (c) =>
    c.json({ devices: await listPushSubscriptions(c.var.db, c.var.user.id) }),
  )
  .post(
    "/push/subscriptions",
    requireUser,
    limited("notifySettings"),
    validate("json", subscriptionBody),
    async (c) => {
      const { endpoint, keys } = c.req.valid("json");
      if (!(await validKeys(keys))) throw new ApiError(400, E.push_keys_invalid);
      await savePushSubscription(c.var.db, {
        userId: c.var.user.id,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: c.req.header("user-agent")?.slice(0, 300) ?? null,
      });
      return c.json({ endpoint }, 201);
    },
  )
  .delete(
    "/push/subscriptions",
    requireUser,
    limited("notifySettings"),
    validate("json", z.object({ endpoint })),
    async (c) => {
      const { endpoint } = c.req.valid("json");
      if (!(await deletePushSubscription(c.var.db, c.var.user.id, endpoint))) {
        throw notFound(E.push_subscription_not_found);
      }
      return c.json({ endpoint });
    },
  )
  .get("/email/unsubscribe", limitedPerIp("unsubscribe"), validate("query", tokenQuery), async (c) => {
    const claims = await readUnsubscribeToken(c.env.EMAIL_TOKEN_SECRET, c.req.valid("query").token);
    const lang = c.req.header("accept-language")?.toLowerCase().startsWith("es") ? "es" : "en";
    const words = NOTIFICATION_TEXTS[lang];
    if (!claims) return c.html(page(lang, `<p>${words.unsubscribeInvalid}</p>`), 400);
    // A GET never unsubscribes (mail scanners follow links): the button posts back to the same address.
    return c.html(
      page(
        lang,
        `<p>${words.unsubscribeConfirm}</p>\
<form method="post"><button type="submit">${words.unsubscribeButton}</button></form>`,
      ),
    );
  })
  .post("/email/unsubscribe", limitedPerIp("unsubscribe"), validate("query", tokenQuery), async (c) => {
    const claims = await readUnsubscribeToken(c.env.EMAIL_TOKEN_SECRET, c.req.valid("query").token);
    const lang = c.req.header("accept-language")?.toLowerCase().startsWith("es") ? "es" : "en";
    const words = NOTIFICATION_TEXTS[lang];
    if (!claims) return c.html(page(lang, `<p>${words.unsubscribeInvalid}</p>`), 400);
    await unsubscribeFromEmail(c.var.db, claims.userId, claims.kind);
    return c.html(page(lang, `<p>${words.unsubscribed}</p>`));
  });
