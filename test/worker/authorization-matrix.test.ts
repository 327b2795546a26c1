// The authorization matrix: every /api route the app serves, the status each kind of caller gets.
// The route list is read from the Hono app itself, so a route added without a row fails this suite, and
// so does a row naming a route that does not exist.
//
// Columns: anonymous, member without membership, paying member, owner (a paying member who owns the
// seeded post, both channels, the image message and the resource), admin. The private channel's
// members are its owner and `paid`; `member` is another member who may not see it. Every case runs
// on a freshly seeded world (test/worker/seed.ts), so a delete in one case never affects another.
import { afterAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { type CallOptions, call } from "./helpers";
import {
  AI_IMAGE_PATH,
  appRoutes,
  CALENDAR_TOKEN,
  CALLERS,
  EMAILS,
  IDS,
  LESSON_UPLOAD_ID,
  PNG,
  seedWorld,
  WEBPAY_TX,
} from "./seed";

type Expect = [anon: number, member: number, paid: number, owner: number, admin: number];
type Row = { route: string; path: string; expect: Expect; send?: () => CallOptions; label?: string };

const json = (body: unknown) => (): CallOptions => ({ json: body });
const form = (fields: Record<string, string>) => (): CallOptions => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});
const imageForm = (groupId: number) => (): CallOptions => {
  const body = new FormData();
  body.set("group_id", String(groupId));
  body.set("image", new File([PNG as unknown as BlobPart], "a.png", { type: "image/png" }));
  return { body };
};
const coverForm = (): CallOptions => {
  const body = new FormData();
  body.set("file", new File([PNG as unknown as BlobPart], "cover.png", { type: "image/png" }));
  return { body };
};
const upgrade = (): CallOptions => ({ headers: { upgrade: "websocket" } });
const dataUrl = `data:text/plain;base64,${btoa("hello")}`;
const WP = "/api/dev/webpay/rswebpaytransaction/api/webpay/v1.2/transactions";
const OC = "/api/dev/webpay/rswebpaytransaction/api/oneclick/v1.2";
const { post, notice, publicChannel: pub, privateChannel: priv, imageMessage, resource, victim, payment, paid } = IDS;

const ALL = (s: number): Expect => [s, s, s, s, s];
/** A browser's subscription (RFC 8291 Appendix A's device key and auth secret). */
const PUSH_SUBSCRIPTION = {
  endpoint: "https://fcm.googleapis.com/fcm/send/matrix",
  keys: {
    p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    auth: "BTBZMqHH6r4Tts7J_aSIgg",
  },
};
const SIGNED_IN = (s: number): Expect => [401, s, s, s, s];
const ADMIN_ONLY = (s: number): Expect => [401, 403, 403, 403, s];
const PAID_ONLY = (s: number): Expect => [401, 403, s, s, s];

// One line per route (a route may have more than one line, e.g. public and private channels).
const MATRIX: Row[] = [
  // liveness (deploy checks, the bench baseline): public, reads nothing
  { route: "GET /api/health", path: "/api/health", expect: ALL(200) },
  // sign-in and session
  { route: "GET /api/oauth/google/redirect_url", path: "/api/oauth/google/redirect_url", expect: ALL(200) },
  {
    route: "POST /api/sessions",
    path: "/api/sessions",
    send: json({ code: "x", state: "y" }),
    expect: ALL(400),
    label: "no state cookie",
  },
  {
    route: "GET /api/logout",
    path: "/api/logout",
    send: () => ({ headers: { "sec-fetch-site": "same-origin" } }),
    expect: ALL(200),
  },
  {
    route: "GET /api/logout",
    path: "/api/logout",
    send: () => ({ headers: { "sec-fetch-site": "cross-site" } }),
    expect: ALL(403),
    label: "cross-site",
  },
  {
    route: "GET /api/auth/dev/authorize",
    path: "/api/auth/dev/authorize?email=new%40example.com&state=s",
    expect: ALL(302),
  },
  { route: "GET /api/users/me", path: "/api/users/me", expect: SIGNED_IN(200) },
  { route: "GET /api/membership/status", path: "/api/membership/status", expect: SIGNED_IN(200) },
  { route: "GET /api/membership/payments", path: "/api/membership/payments", expect: SIGNED_IN(200) },
  // profile and own sessions
  { route: "GET /api/profile", path: "/api/profile", expect: SIGNED_IN(200) },
  { route: "PUT /api/profile", path: "/api/profile", send: json({ goals: ["Calm"] }), expect: SIGNED_IN(200) },
  { route: "PATCH /api/users/me", path: "/api/users/me", send: json({ bio: "Hi" }), expect: SIGNED_IN(200) },
  { route: "GET /api/sessions", path: "/api/sessions", expect: SIGNED_IN(200) },
  { route: "DELETE /api/sessions/others", path: "/api/sessions/others", expect: SIGNED_IN(200) },
  // AI
  { route: "POST /api/ai/validate-keys", path: "/api/ai/validate-keys", expect: ADMIN_ONLY(200) },
  { route: "GET /api/ai/capabilities", path: "/api/ai/capabilities", expect: SIGNED_IN(200) },
  { route: "GET /api/ai/images/:month/:token", path: `/api/ai/images/${AI_IMAGE_PATH}`, expect: SIGNED_IN(200) },
  // Generation passes the permission checks, then meets the unconfigured provider (no keys in tests): 503.
  {
    route: "POST /api/ai/generate-notice-text",
    path: "/api/ai/generate-notice-text",
    send: json({ prompt: "Full moon", type: "event", model: "openai" }),
    expect: ADMIN_ONLY(503),
  },
  {
    route: "POST /api/ai/generate-notice-image",
    path: "/api/ai/generate-notice-image",
    send: json({ prompt: "Moon", style: "vivid", quality: "standard", size: "1024x1024", model: "openai" }),
    expect: ADMIN_ONLY(503),
  },
  {
    route: "POST /api/ai/generate-text",
    path: "/api/ai/generate-text",
    send: json({ prompt: "Breathing", type: "guide", tags: ["calm"], model: "openai" }),
    expect: PAID_ONLY(503),
  },
  {
    route: "POST /api/ai/generate-image",
    path: "/api/ai/generate-image",
    send: json({ prompt: "Moon", style: "natural", quality: "hd", size: "1792x1024", tags: [], model: "openai" }),
    expect: PAID_ONLY(503),
  },
  // admin
  { route: "GET /api/admin/members", path: "/api/admin/members", expect: ADMIN_ONLY(200) },
  {
    route: "POST /api/admin/members",
    path: "/api/admin/members",
    send: json({ email: "new@example.com" }),
    expect: ADMIN_ONLY(201),
  },
  {
    route: "PATCH /api/admin/members/:id",
    path: `/api/admin/members/${victim}`,
    send: json({ role: "admin" }),
    expect: ADMIN_ONLY(200),
  },
  { route: "DELETE /api/admin/members/:id", path: `/api/admin/members/${victim}`, expect: ADMIN_ONLY(200) },
  { route: "GET /api/admin/stats", path: "/api/admin/stats", expect: ADMIN_ONLY(200) },
  { route: "GET /api/admin/payments", path: "/api/admin/payments", expect: ADMIN_ONLY(200) },
  { route: "DELETE /api/admin/payments/clear-all", path: "/api/admin/payments/clear-all", expect: ADMIN_ONLY(200) },
  // The seeded payment is pending: an admin reaches the refund rule, which refuses it (409).
  {
    route: "POST /api/admin/payments/:id/refund",
    path: `/api/admin/payments/${payment}/refund`,
    expect: ADMIN_ONLY(409),
    label: "pending payment",
  },
  { route: "DELETE /api/admin/payments/:id", path: `/api/admin/payments/${payment}`, expect: ADMIN_ONLY(200) },
  { route: "GET /api/admin/health", path: "/api/admin/health", expect: ADMIN_ONLY(200) },
  // resources: paying members and admins read and upload; only admins edit and delete (the uploader too is refused)
  { route: "GET /api/resources", path: "/api/resources", expect: PAID_ONLY(200) },
  { route: "GET /api/resources/tags", path: "/api/resources/tags", expect: PAID_ONLY(200) },
  {
    route: "POST /api/resources/upload",
    path: "/api/resources/upload",
    send: json({ title: "T", file_name: "a.txt", file_data: dataUrl }),
    expect: PAID_ONLY(201),
  },
  { route: "GET /api/resources/:id/file", path: `/api/resources/${resource}/file`, expect: PAID_ONLY(200) },
  {
    route: "PUT /api/resources/:id",
    path: `/api/resources/${resource}`,
    send: json({ title: "New" }),
    expect: ADMIN_ONLY(200),
  },
  { route: "DELETE /api/resources/:id", path: `/api/resources/${resource}`, expect: ADMIN_ONLY(200) },
  // lounge: any signed-in user reads, posts, likes and comments; a post is deleted by its author or an admin
  { route: "GET /api/posts", path: "/api/posts", expect: SIGNED_IN(200) },
  { route: "POST /api/posts", path: "/api/posts", send: json({ content: "Hello" }), expect: SIGNED_IN(201) },
  { route: "GET /api/posts/:id", path: `/api/posts/${post}`, expect: SIGNED_IN(200) },
  { route: "DELETE /api/posts/:id", path: `/api/posts/${post}`, expect: [401, 403, 403, 200, 200] },
  // editing and deleting: only the author edits (admins included); the author or an admin deletes.
  // `member` wrote the comment.
  {
    route: "PATCH /api/posts/:id",
    path: `/api/posts/${post}`,
    send: json({ content: "Edited" }),
    expect: [401, 403, 403, 200, 403],
  },
  {
    route: "PATCH /api/comments/:id",
    path: `/api/comments/${IDS.comment}`,
    send: json({ content: "Edited" }),
    expect: [401, 200, 403, 403, 403],
  },
  { route: "DELETE /api/comments/:id", path: `/api/comments/${IDS.comment}`, expect: [401, 200, 403, 403, 200] },
  { route: "POST /api/posts/:id/like", path: `/api/posts/${post}/like`, expect: SIGNED_IN(200) },
  // reactions: whoever may read an item reacts to it and sees who did; the private channel's message is not `member`'s
  {
    route: "POST /api/posts/:id/reactions",
    path: `/api/posts/${post}/reactions`,
    send: json({ emoji: "🙏" }),
    expect: SIGNED_IN(200),
  },
  { route: "GET /api/posts/:id/reactions", path: `/api/posts/${post}/reactions`, expect: SIGNED_IN(200) },
  {
    route: "POST /api/comments/:id/reactions",
    path: `/api/comments/${IDS.comment}/reactions`,
    send: json({ emoji: "🙏" }),
    expect: SIGNED_IN(200),
  },
  { route: "GET /api/comments/:id/reactions", path: `/api/comments/${IDS.comment}/reactions`, expect: SIGNED_IN(200) },
  {
    route: "POST /api/messages/:id/reactions",
    path: `/api/messages/${imageMessage}/reactions`,
    send: json({ emoji: "🙏" }),
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: "GET /api/messages/:id/reactions",
    path: `/api/messages/${imageMessage}/reactions`,
    expect: [401, 404, 200, 200, 200],
  },
  { route: "GET /api/posts/:id/comments", path: `/api/posts/${post}/comments`, expect: SIGNED_IN(200) },
  {
    route: "POST /api/posts/:id/comments",
    path: `/api/posts/${post}/comments`,
    send: json({ content: "Nice" }),
    expect: SIGNED_IN(201),
  },
  { route: "GET /api/cosmic-notices", path: "/api/cosmic-notices", expect: SIGNED_IN(200) },
  {
    route: "POST /api/cosmic-notices",
    path: "/api/cosmic-notices",
    send: json({ title: "T", content: "<p>C</p>" }),
    expect: ADMIN_ONLY(201),
  },
  { route: "DELETE /api/cosmic-notices/:id", path: `/api/cosmic-notices/${notice}`, expect: ADMIN_ONLY(200) },
  // payments: the Webpay return is reached without a session (cross-site), and decides by the provider's word
  { route: "GET /api/payments/mode", path: "/api/payments/mode", expect: ALL(200) },
  // plans: public offer, admin edits
  { route: "GET /api/plans", path: "/api/plans", expect: ALL(200) },
  { route: "GET /api/admin/plans", path: "/api/admin/plans", expect: ADMIN_ONLY(200) },
  {
    route: "POST /api/admin/plans",
    path: "/api/admin/plans",
    send: json({ id: "quarterly", name: "Quarterly", amount_clp: 40000, period_days: 90 }),
    expect: ADMIN_ONLY(201),
  },
  // coupons: a member checks a code (none is seeded: unknown), the admin creates them
  {
    route: "POST /api/coupons/check",
    path: "/api/coupons/check",
    send: json({ code: "NOPE" }),
    expect: SIGNED_IN(404),
  },
  { route: "GET /api/admin/coupons", path: "/api/admin/coupons", expect: ADMIN_ONLY(200) },
  {
    route: "POST /api/admin/coupons",
    path: "/api/admin/coupons",
    send: json({ code: "WELCOME", percent_off: 10 }),
    expect: ADMIN_ONLY(201),
  },
  // gifts: any signed-in caller buys one; a code no gift has redeems nothing
  {
    route: "POST /api/gifts",
    path: "/api/gifts",
    send: json({ plan_months: 1, recipient_email: "friend@example.com" }),
    expect: SIGNED_IN(200),
  },
  {
    route: "POST /api/gifts/redeem",
    path: "/api/gifts/redeem",
    send: json({ code: "a".repeat(43) }),
    expect: SIGNED_IN(404),
  },
  { route: "GET /api/admin/revenue", path: "/api/admin/revenue", expect: ADMIN_ONLY(200) },
  // pauses: nobody in the seeded world has automatic renewal to pause
  {
    route: "POST /api/membership/pause",
    path: "/api/membership/pause",
    send: json({ periods: 1 }),
    expect: [401, 409, 409, 409, 409],
  },
  { route: "DELETE /api/membership/pause", path: "/api/membership/pause", expect: [401, 404, 404, 404, 404] },
  // trials: no seeded plan offers one
  {
    route: "POST /api/membership/trial",
    path: "/api/membership/trial",
    send: json({ plan_id: "monthly" }),
    expect: [401, 409, 409, 409, 409],
    label: "no trial offered",
  },
  {
    route: "PUT /api/admin/plans/:id",
    path: "/api/admin/plans/monthly",
    send: json({ name: "Monthly", amount_clp: 15000, period_days: 30 }),
    expect: ADMIN_ONLY(200),
  },
  {
    route: "POST /api/payments/initiate",
    path: "/api/payments/initiate",
    send: json({ amount: 15000, provider: "webpay_form" }),
    expect: SIGNED_IN(200),
  },
  { route: "GET /api/payments/webpay/return", path: "/api/payments/webpay/return?token_ws=unknown", expect: ALL(303) },
  {
    route: "POST /api/payments/webpay/return",
    path: "/api/payments/webpay/return",
    send: form({ token_ws: "unknown" }),
    expect: ALL(303),
  },
  // automatic renewal: a member's own enrolment; admins have no membership to renew
  { route: "POST /api/membership/autorenew", path: "/api/membership/autorenew", expect: [401, 200, 200, 200, 409] },
  {
    route: "DELETE /api/membership/autorenew",
    path: "/api/membership/autorenew",
    expect: [401, 404, 404, 404, 404],
    label: "not enrolled",
  },
  {
    route: "GET /api/payments/oneclick/return",
    path: "/api/payments/oneclick/return?TBK_TOKEN=unknown",
    expect: ALL(303),
  },
  {
    route: "POST /api/payments/oneclick/return",
    path: "/api/payments/oneclick/return",
    send: form({ TBK_TOKEN: "unknown" }),
    expect: ALL(303),
  },
  {
    route: "POST /api/payments/confirm",
    path: "/api/payments/confirm",
    send: json({}),
    expect: SIGNED_IN(402),
    label: "no payment to confirm",
  },
  // the local Webpay emulator (WEBPAY_ENV=emulator only): its REST part needs the commerce's credentials
  { route: `POST ${WP}`, path: WP, send: json({}), expect: ALL(401) },
  { route: `PUT ${WP}/:token`, path: `${WP}/${WEBPAY_TX}`, expect: ALL(401) },
  { route: `GET ${WP}/:token`, path: `${WP}/${WEBPAY_TX}`, expect: ALL(401) },
  {
    route: `POST ${WP}/:token/refunds`,
    path: `${WP}/${WEBPAY_TX}/refunds`,
    send: json({ amount: 1 }),
    expect: ALL(401),
  },
  { route: "GET /api/dev/webpay/pay", path: `/api/dev/webpay/pay?token_ws=${WEBPAY_TX}`, expect: ALL(200) },
  {
    route: "POST /api/dev/webpay/pay",
    path: "/api/dev/webpay/pay",
    send: form({ token_ws: WEBPAY_TX }),
    expect: ALL(200),
  },
  { route: "GET /api/dev/webpay/autosubmit.js", path: "/api/dev/webpay/autosubmit.js", expect: ALL(200) },
  // the emulator's Oneclick Mall (same base URL): its REST part needs the mall's credentials
  { route: `POST ${OC}/inscriptions`, path: `${OC}/inscriptions`, send: json({}), expect: ALL(401) },
  { route: `PUT ${OC}/inscriptions/:token`, path: `${OC}/inscriptions/${WEBPAY_TX}`, expect: ALL(401) },
  { route: `DELETE ${OC}/inscriptions`, path: `${OC}/inscriptions`, send: json({}), expect: ALL(401) },
  { route: `POST ${OC}/transactions`, path: `${OC}/transactions`, send: json({}), expect: ALL(401) },
  { route: `GET ${OC}/transactions/:buyOrder`, path: `${OC}/transactions/ANY`, expect: ALL(401) },
  {
    route: `POST ${OC}/transactions/:buyOrder/refunds`,
    path: `${OC}/transactions/ANY/refunds`,
    send: json({}),
    expect: ALL(401),
  },
  {
    route: "GET /api/dev/webpay/oneclick/inscription",
    path: `/api/dev/webpay/oneclick/inscription?TBK_TOKEN=${WEBPAY_TX}`,
    expect: ALL(404),
    label: "unknown inscription",
  },
  {
    route: "POST /api/dev/webpay/oneclick/inscription",
    path: "/api/dev/webpay/oneclick/inscription",
    send: form({ TBK_TOKEN: WEBPAY_TX }),
    expect: ALL(404),
    label: "unknown inscription",
  },
  // delivery outside the app: each member's own settings and browsers; the unsubscribe link's
  // signed token is its only authority (a bad one is 400 for everyone); the local outbox is local only
  { route: "GET /api/notifications/preferences", path: "/api/notifications/preferences", expect: SIGNED_IN(200) },
  {
    route: "PUT /api/notifications/preferences",
    path: "/api/notifications/preferences",
    send: json({ preferences: {}, digest: "off" }),
    expect: SIGNED_IN(200),
  },
  { route: "GET /api/push/vapid-public-key", path: "/api/push/vapid-public-key", expect: SIGNED_IN(200) },
  { route: "GET /api/push/subscriptions", path: "/api/push/subscriptions", expect: SIGNED_IN(200) },
  {
    route: "POST /api/push/subscriptions",
    path: "/api/push/subscriptions",
    send: json(PUSH_SUBSCRIPTION),
    expect: SIGNED_IN(201),
  },
  {
    route: "DELETE /api/push/subscriptions",
    label: "nobody's endpoint",
    path: "/api/push/subscriptions",
    send: json({ endpoint: "https://fcm.googleapis.com/fcm/send/nobody" }),
    expect: SIGNED_IN(404),
  },
  { route: "GET /api/email/unsubscribe", path: "/api/email/unsubscribe?token=forged", expect: ALL(400) },
  {
    route: "POST /api/email/unsubscribe",
    path: "/api/email/unsubscribe?token=forged",
    send: form({ "List-Unsubscribe": "One-Click" }),
    expect: ALL(400),
  },
  // the local outbox holds every member's mail and unsubscribe links: the admin's alone
  { route: "GET /api/dev/mail", path: "/api/dev/mail", expect: ADMIN_ONLY(200) },
  { route: "GET /api/dev/outbox", path: "/api/dev/outbox", expect: ADMIN_ONLY(200) },
  // the chaos run's fault switch (local only): an admin's, on a channel no other row uses
  {
    route: "PUT /api/dev/faults/rooms/:id",
    path: "/api/dev/faults/rooms/999999",
    send: json({ seconds: 1 }),
    expect: ADMIN_ONLY(200),
  },
  // direct messages and blocks: with anyone but oneself (400)
  {
    route: "POST /api/direct",
    path: "/api/direct",
    send: json({ user_id: IDS.owner }),
    expect: [401, 201, 201, 400, 201],
  },
  { route: "GET /api/blocks", path: "/api/blocks", expect: SIGNED_IN(200) },
  {
    route: "POST /api/blocks",
    path: "/api/blocks",
    send: json({ user_id: IDS.paid }),
    expect: [401, 201, 400, 201, 201],
  },
  { route: "DELETE /api/blocks/:user_id", path: `/api/blocks/${IDS.paid}`, expect: SIGNED_IN(404) },
  // chat: a private channel is invisible (404) to non-members; a member can use it but not manage it (403)
  { route: "GET /api/groups", path: "/api/groups", expect: SIGNED_IN(200) },
  { route: "GET /api/unread", path: "/api/unread", expect: SIGNED_IN(200) },
  { route: "POST /api/groups", path: "/api/groups", send: json({ name: "New" }), expect: SIGNED_IN(201) },
  {
    route: "PUT /api/groups/:id",
    label: "public",
    path: `/api/groups/${pub}`,
    send: json({ name: "Renamed" }),
    expect: [401, 403, 403, 200, 200],
  },
  {
    route: "PUT /api/groups/:id",
    label: "private",
    path: `/api/groups/${priv}`,
    send: json({ name: "Renamed", is_private: true }),
    expect: [401, 404, 403, 200, 200],
  },
  { route: "DELETE /api/groups/:id", label: "public", path: `/api/groups/${pub}`, expect: [401, 403, 403, 200, 200] },
  { route: "DELETE /api/groups/:id", label: "private", path: `/api/groups/${priv}`, expect: [401, 404, 403, 200, 200] },
  { route: "POST /api/groups/:id/read", label: "public", path: `/api/groups/${pub}/read`, expect: SIGNED_IN(200) },
  {
    route: "POST /api/groups/:id/read",
    label: "private",
    path: `/api/groups/${priv}/read`,
    expect: [401, 404, 200, 200, 200],
  },
  { route: "GET /api/live/socket", path: "/api/live/socket", send: upgrade, expect: SIGNED_IN(101) },
  { route: "GET /api/groups/:id/members", path: `/api/groups/${priv}/members`, expect: [401, 404, 403, 200, 200] },
  {
    route: "POST /api/groups/:id/members",
    path: `/api/groups/${priv}/members`,
    send: json({ email: EMAILS.member }),
    expect: [401, 404, 403, 201, 201],
  },
  {
    route: "DELETE /api/groups/:id/members/:userId",
    path: `/api/groups/${priv}/members/${paid}`,
    expect: [401, 404, 403, 200, 200],
  },
  {
    route: "DELETE /api/groups/:id/invitations/:invitationId",
    path: `/api/groups/${priv}/invitations/${IDS.invitation}`,
    expect: [401, 404, 403, 200, 200],
  },
  // Only an invitee declines: the paid member joined the private channel by invitation; its creator did not.
  {
    route: "POST /api/groups/:id/decline",
    path: `/api/groups/${priv}/decline`,
    expect: [401, 404, 200, 404, 404],
  },
  {
    route: "GET /api/groups/:id/socket",
    label: "public",
    path: `/api/groups/${pub}/socket`,
    send: upgrade,
    expect: SIGNED_IN(101),
  },
  {
    route: "GET /api/groups/:id/socket",
    label: "private",
    path: `/api/groups/${priv}/socket`,
    send: upgrade,
    expect: [401, 404, 101, 101, 101],
  },
  { route: "GET /api/messages", label: "public", path: `/api/messages?group_id=${pub}`, expect: SIGNED_IN(200) },
  {
    route: "GET /api/messages",
    label: "private",
    path: `/api/messages?group_id=${priv}`,
    expect: [401, 404, 200, 200, 200],
  },
  {
    route: "POST /api/messages",
    label: "public",
    path: "/api/messages",
    send: json({ group_id: pub, body: "Hi" }),
    expect: SIGNED_IN(201),
  },
  {
    route: "POST /api/messages",
    label: "private",
    path: "/api/messages",
    send: json({ group_id: priv, body: "Hi" }),
    expect: [401, 404, 201, 201, 201],
  },
  {
    route: "POST /api/messages/image",
    path: "/api/messages/image",
    send: imageForm(priv),
    expect: [401, 404, 201, 201, 201],
  },
  {
    route: "GET /api/messages/:id/image",
    path: `/api/messages/${imageMessage}/image`,
    expect: [401, 404, 200, 200, 200],
  },
  // a message's edits: the owner sent the private channel's message; `member` cannot see that channel at all
  {
    route: "PATCH /api/messages/:id",
    path: `/api/messages/${imageMessage}`,
    send: json({ body: "Edited" }),
    expect: [401, 404, 403, 200, 403],
  },
  { route: "DELETE /api/messages/:id", path: `/api/messages/${imageMessage}`, expect: [401, 404, 403, 200, 200] },
  // moderation: any member reports what they can see (never their own: the owner wrote the post);
  // the queue, mutes and the audit log are for admins
  {
    route: "POST /api/reports",
    path: "/api/reports",
    send: json({ kind: "post", id: post, reason: "spam" }),
    expect: [401, 201, 201, 400, 201],
  },
  { route: "GET /api/admin/reports", path: "/api/admin/reports", expect: ADMIN_ONLY(200) },
  {
    route: "POST /api/admin/reports/:id/resolve",
    path: `/api/admin/reports/${IDS.report}/resolve`,
    send: json({ action: "hide" }),
    expect: ADMIN_ONLY(200),
  },
  {
    route: "POST /api/admin/members/:id/mute",
    path: `/api/admin/members/${victim}/mute`,
    send: json({ hours: 24 }),
    expect: ADMIN_ONLY(200),
  },
  { route: "DELETE /api/admin/members/:id/mute", path: `/api/admin/members/${victim}/mute`, expect: ADMIN_ONLY(200) },
  { route: "GET /api/admin/audit", path: "/api/admin/audit", expect: ADMIN_ONLY(200) },
  // data rights: each member exports and deletes only their own account (the email typed must be theirs)
  { route: "GET /api/profile/export", path: "/api/profile/export", expect: SIGNED_IN(200) },
  {
    route: "DELETE /api/profile",
    path: "/api/profile",
    send: json({ confirm: EMAILS.member }),
    expect: [401, 200, 400, 400, 400],
    label: "confirming the member's email",
  },
  // search: signed-in only; what each caller may find is search.test.ts's subject
  { route: "GET /api/search", path: "/api/search?q=seed", expect: SIGNED_IN(200) },
  // notifications: each member their own (which ones is notifications.test.ts's subject)
  { route: "GET /api/notifications", path: "/api/notifications", expect: SIGNED_IN(200) },
  { route: "GET /api/mentions", path: "/api/mentions?q=a", expect: SIGNED_IN(200) },
  { route: "POST /api/notifications/read", path: "/api/notifications/read", send: json({}), expect: SIGNED_IN(200) },
  // events: members read and answer (a paid-only event: paying members), admins write and see attendees
  { route: "GET /api/events", path: "/api/events", expect: SIGNED_IN(200) },
  {
    route: "POST /api/events",
    path: "/api/events",
    send: json({ title: "Circle", start_local: "2030-01-01T20:00", end_local: "2030-01-01T21:00", location: "online" }),
    expect: ADMIN_ONLY(201),
  },
  { route: "GET /api/events/:id", path: `/api/events/${IDS.event}`, expect: SIGNED_IN(200) },
  {
    route: "PUT /api/events/:id",
    path: `/api/events/${IDS.event}`,
    send: json({ title: "New" }),
    expect: ADMIN_ONLY(200),
  },
  { route: "DELETE /api/events/:id", path: `/api/events/${IDS.event}`, expect: ADMIN_ONLY(200) },
  // The seeded event happens once: an admin reaches the date check, which refuses (404).
  {
    route: "DELETE /api/events/:id/occurrences/:startsAt",
    label: "not one of its dates",
    path: `/api/events/${IDS.event}/occurrences/2030-01-01T00:00:00.000Z`,
    expect: ADMIN_ONLY(404),
  },
  {
    route: "POST /api/events/:id/rsvp",
    path: `/api/events/${IDS.event}/rsvp`,
    send: json({ status: "going" }),
    expect: SIGNED_IN(200),
  },
  {
    route: "POST /api/events/:id/rsvp",
    label: "paid only",
    path: `/api/events/${IDS.paidEvent}/rsvp`,
    send: json({ status: "going" }),
    expect: PAID_ONLY(200),
  },
  { route: "GET /api/events/:id/attendees", path: `/api/events/${IDS.event}/attendees`, expect: ADMIN_ONLY(200) },
  { route: "GET /api/events/:id/ics", path: `/api/events/${IDS.event}/ics`, expect: SIGNED_IN(200) },
  {
    route: "GET /api/events/:id/ics",
    label: "paid only",
    path: `/api/events/${IDS.paidEvent}/ics`,
    expect: PAID_ONLY(200),
  },
  // covers: admins set them; served to whoever may see the event (a paid-only one: paying members)
  {
    route: "PUT /api/events/:id/cover",
    path: `/api/events/${IDS.event}/cover`,
    send: coverForm,
    expect: ADMIN_ONLY(200),
  },
  {
    route: "POST /api/events/:id/cover/generate",
    path: `/api/events/${IDS.event}/cover/generate`,
    send: json({ prompt: "Moon", style: "vivid", quality: "standard", size: "1024x1024", model: "openai" }),
    expect: ADMIN_ONLY(503),
  },
  { route: "DELETE /api/events/:id/cover", path: `/api/events/${IDS.event}/cover`, expect: ADMIN_ONLY(200) },
  // The seeded events have no cover: whoever may see the event reaches "no cover" (404).
  { route: "GET /api/events/:id/cover", path: `/api/events/${IDS.event}/cover`, expect: SIGNED_IN(404) },
  {
    route: "GET /api/events/:id/cover",
    label: "paid only",
    path: `/api/events/${IDS.paidEvent}/cover`,
    expect: [401, 403, 404, 404, 404],
  },
  { route: "GET /api/profile/calendar", path: "/api/profile/calendar", expect: SIGNED_IN(200) },
  { route: "POST /api/profile/calendar", path: "/api/profile/calendar", expect: SIGNED_IN(201) },
  { route: "DELETE /api/profile/calendar", path: "/api/profile/calendar", expect: SIGNED_IN(200) },
  // the feed takes no session: its token is the credential (the owner's), whoever asks
  { route: "GET /api/calendar/:file", path: `/api/calendar/${CALENDAR_TOKEN}.ics`, expect: ALL(200) },
  {
    route: "GET /api/calendar/:file",
    label: "unknown token",
    path: `/api/calendar/${"d".repeat(43)}.ics`,
    expect: ALL(404),
  },
  // programs: members read and enrol, admins write; the seeded program is free, published, its
  // lessons all open, the owner enrolled (progress is an enrolled member's only) and owning practice entry 1
  { route: "GET /api/programs", path: "/api/programs", expect: SIGNED_IN(200) },
  { route: "POST /api/programs", path: "/api/programs", send: json({ title: "New" }), expect: ADMIN_ONLY(201) },
  { route: "GET /api/programs/search", path: "/api/programs/search?q=seed", expect: SIGNED_IN(200) },
  { route: "GET /api/programs/:id", path: `/api/programs/${IDS.program}`, expect: SIGNED_IN(200) },
  {
    route: "PUT /api/programs/:id",
    path: `/api/programs/${IDS.program}`,
    send: json({ title: "Renamed" }),
    expect: ADMIN_ONLY(200),
  },
  { route: "DELETE /api/programs/:id", path: `/api/programs/${IDS.program}`, expect: ADMIN_ONLY(200) },
  // a program's cover: admins set and remove it; the seeded program has none (404 to whoever sees the program)
  {
    route: "PUT /api/programs/:id/cover",
    path: `/api/programs/${IDS.program}/cover`,
    send: coverForm,
    expect: ADMIN_ONLY(200),
  },
  { route: "DELETE /api/programs/:id/cover", path: `/api/programs/${IDS.program}/cover`, expect: ADMIN_ONLY(200) },
  { route: "GET /api/programs/:id/cover", path: `/api/programs/${IDS.program}/cover`, expect: SIGNED_IN(404) },
  { route: "POST /api/programs/:id/enrol", path: `/api/programs/${IDS.program}/enrol`, expect: SIGNED_IN(200) },
  { route: "DELETE /api/programs/:id/enrol", path: `/api/programs/${IDS.program}/enrol`, expect: SIGNED_IN(200) },
  { route: "GET /api/programs/:id/lessons", path: `/api/programs/${IDS.program}/lessons`, expect: SIGNED_IN(200) },
  {
    route: "POST /api/programs/:id/lessons",
    path: `/api/programs/${IDS.program}/lessons`,
    send: () => {
      const body = new FormData();
      body.set("title", "Another lesson");
      return { body };
    },
    expect: ADMIN_ONLY(201),
  },
  {
    route: "PUT /api/programs/:id/lessons/order",
    path: `/api/programs/${IDS.program}/lessons/order`,
    send: json({ ids: [IDS.lesson] }),
    expect: ADMIN_ONLY(200),
  },
  {
    route: "GET /api/admin/programs/:id/funnel",
    path: `/api/admin/programs/${IDS.program}/funnel`,
    expect: ADMIN_ONLY(200),
  },
  { route: "GET /api/lessons/:id", path: `/api/lessons/${IDS.lesson}`, expect: SIGNED_IN(200) },
  { route: "GET /api/lessons/:id/media", path: `/api/lessons/${IDS.lesson}/media`, expect: SIGNED_IN(200) },
  {
    route: "PUT /api/lessons/:id/progress",
    path: `/api/lessons/${IDS.lesson}/progress`,
    send: json({ position_seconds: 5 }),
    expect: [401, 403, 403, 200, 403],
  },
  {
    route: "PUT /api/lessons/:id",
    path: `/api/lessons/${IDS.lesson}`,
    send: json({ title: "Renamed" }),
    expect: ADMIN_ONLY(200),
  },
  { route: "DELETE /api/lessons/:id", path: `/api/lessons/${IDS.lesson}`, expect: ADMIN_ONLY(200) },
  {
    route: "POST /api/lessons/:id/uploads",
    path: `/api/lessons/${IDS.lesson}/uploads`,
    send: json({ file_name: "a.ogg", content_type: "audio/ogg", size: 100 }),
    expect: ADMIN_ONLY(201),
  },
  {
    route: "GET /api/lessons/:id/uploads/:uploadId",
    path: `/api/lessons/${IDS.lesson}/uploads/${LESSON_UPLOAD_ID}`,
    expect: ADMIN_ONLY(200),
  },
  {
    // The seeded upload is 100 bytes: a 3-byte part reaches the size check (400).
    route: "PUT /api/lessons/:id/uploads/:uploadId/parts/:part",
    path: `/api/lessons/${IDS.lesson}/uploads/${LESSON_UPLOAD_ID}/parts/1`,
    send: () => ({ body: new Uint8Array([1, 2, 3]), headers: { "content-type": "application/octet-stream" } }),
    expect: ADMIN_ONLY(400),
  },
  {
    // No part arrived yet: completing is refused (400).
    route: "POST /api/lessons/:id/uploads/:uploadId/complete",
    path: `/api/lessons/${IDS.lesson}/uploads/${LESSON_UPLOAD_ID}/complete`,
    expect: ADMIN_ONLY(400),
  },
  {
    route: "DELETE /api/lessons/:id/uploads/:uploadId",
    path: `/api/lessons/${IDS.lesson}/uploads/${LESSON_UPLOAD_ID}`,
    expect: ADMIN_ONLY(200),
  },
  // the practice log: each member's own (entry 1 is the owner's; to anyone else it does not exist)
  { route: "GET /api/practice", path: "/api/practice", expect: SIGNED_IN(200) },
  { route: "POST /api/practice", path: "/api/practice", send: json({ minutes: 10 }), expect: SIGNED_IN(201) },
  {
    route: "PUT /api/practice/goal",
    path: "/api/practice/goal",
    send: json({ weekly_goal_minutes: 60 }),
    expect: SIGNED_IN(200),
  },
  { route: "DELETE /api/practice/:id", path: `/api/practice/${IDS.practice}`, expect: [401, 404, 404, 200, 404] },
  // link previews: signed-in only (a private address is refused before any fetch: 400, not 401)
  {
    route: "POST /api/link-preview",
    path: "/api/link-preview",
    send: json({ url: "http://127.0.0.1/" }),
    expect: SIGNED_IN(400),
  },
];

const methodOf = (route: string) => route.split(" ")[0];
let cases = 0;

describe("authorization matrix", () => {
  it("has a row for every route the app serves, and no row for a route it does not", () => {
    const served = appRoutes(app).sort();
    const listed = [...new Set(MATRIX.map((r) => r.route))].sort();
    expect(
      served.filter((r) => !listed.includes(r)),
      "routes without a row",
    ).toEqual([]);
    expect(
      listed.filter((r) => !served.includes(r)),
      "rows for routes that do not exist",
    ).toEqual([]);
  });

  for (const row of MATRIX) {
    describe(`${row.route}${row.label ? ` (${row.label})` : ""}`, () => {
      CALLERS.forEach((caller, i) => {
        it(`${caller} -> ${row.expect[i]}`, async () => {
          const world = await seedWorld();
          const res = await call(row.path, {
            method: methodOf(row.route),
            cookie: world.cookie[caller],
            ...row.send?.(),
          });
          if (res.webSocket) {
            res.webSocket.accept();
            res.webSocket.close(1000, "done");
          }
          cases++;
          const body = res.status === 101 ? "" : await res.text();
          expect(res.status, `${row.route} as ${caller}: ${body.slice(0, 200)}`).toBe(row.expect[i]);
          // The emulator's card pages are HTML; its REST parts answer in Transbank's own error shape, `{
          // error_message }`.
          if (
            (res.status === 401 || res.status === 403 || res.status === 404) &&
            !row.route.endsWith("/api/dev/webpay/oneclick/inscription")
          ) {
            const error = JSON.parse(body) as { error?: string; error_message?: string };
            const transbank = row.route.includes(WP) || row.route.includes(OC);
            expect(typeof (transbank ? error.error_message : error.error)).toBe("string");
          }
        });
      });
    });
  }

  afterAll(() => {
    console.log(
      `authorization matrix: ${cases} cases (${MATRIX.length} rows x ${CALLERS.length} callers) over \
${appRoutes(app).length} routes`,
    );
  });
});
