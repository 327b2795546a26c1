// Preferences and email: the preferences contract and its refusals, emails in the member's
// language through the local outbox (GET /api/dev/mail), RFC 8058 unsubscribe headers and tokens.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { planDeliveries, runDeliveryJob } from "../../worker/features/notifications/deliver";
import { unsubscribeToken } from "../../worker/features/notifications/email/unsubscribe";
import { notifyChannelInvite, notifyMentions } from "../../worker/features/notifications/queries/write";
import type { DeliveryJob } from "../../worker/shared/delivery-jobs";
import { DEFAULT_PREFERENCES } from "../../worker/shared/notification-settings";
import { LIMITS } from "../../worker/shared/rules";
import { call, db, errorBody, json, outbox, signIn, testEnv } from "./helpers";

const me = async (cookie: string) => (await json(await call("/api/users/me", { cookie }))).id as number;
const putPreferences = (cookie: string, body: unknown) =>
  call("/api/notifications/preferences", { method: "PUT", cookie, json: body });

describe("GET/PUT /api/notifications/preferences", () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await signIn("prefs@example.com", "Prefs");
  });

  it("answers the issue's defaults", async () => {
    const body = await json(await call("/api/notifications/preferences", { cookie }));
    expect(body.digest).toBe("off");
    expect(body.preferences.mention).toEqual({ in_app: true, push: true, email: false });
    expect(body.preferences.channel_invite).toEqual({ in_app: true, push: true, email: false });
    expect(body.preferences.comment).toEqual({ in_app: true, push: false, email: false });
    expect(body.preferences.like).toEqual({ in_app: true, push: false, email: false });
    expect(body.preferences.payment.email).toBe(true);
    expect(body.preferences).toEqual(DEFAULT_PREFERENCES);
  });

  it("stores a change and answers it back; the receipt email stays on", async () => {
    const res = await putPreferences(cookie, {
      preferences: {
        like: { in_app: false, push: true, email: false },
        payment: { in_app: true, push: false, email: false },
      },
      digest: "weekly",
    });
    expect(res.status).toBe(200);
    const body = await json(await call("/api/notifications/preferences", { cookie }));
    expect(body.digest).toBe("weekly");
    expect(body.preferences.like).toEqual({ in_app: false, push: true, email: false });
    expect(body.preferences.payment.email).toBe(true);
    expect(body.preferences.mention).toEqual(DEFAULT_PREFERENCES.mention);
  });

  it("refuses unknown kinds, channels, digests and types, and strangers", async () => {
    const on = { in_app: true, push: true, email: true };
    for (const body of [
      { preferences: { birthday: on }, digest: "off" },
      { preferences: { mention: { ...on, sms: true } }, digest: "off" },
      { preferences: { mention: { in_app: true, push: true } }, digest: "off" },
      { preferences: { mention: { ...on, push: "yes" } }, digest: "off" },
      { preferences: {}, digest: "hourly" },
      { preferences: {} },
      { preferences: [], digest: "off" },
    ]) {
      const res = await putPreferences(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error).toBeTruthy();
    }
    expect((await call("/api/notifications/preferences")).status).toBe(401);
    expect(
      (await call("/api/notifications/preferences", { method: "PUT", json: { preferences: {}, digest: "off" } }))
        .status,
    ).toBe(401);
  });
});

/** Plans and runs every delivery of these notifications, as the queue's consumer would. */
async function deliver(ids: number[]) {
  const jobs: DeliveryJob[] = await planDeliveries(testEnv, db(), ids);
  for (const job of jobs) expect(await runDeliveryJob(testEnv, db(), job)).toBe("done");
  return jobs;
}

describe("emails through the local outbox", () => {
  let writerId: number;
  let reader: { cookie: string; id: number };
  beforeEach(async () => {
    writerId = await me(await signIn("writer@example.com", "Writer"));
    const cookie = await signIn("reader@example.com", "Reader");
    reader = { cookie, id: await me(cookie) };
    await putPreferences(reader.cookie, {
      preferences: { mention: { in_app: true, push: false, email: true } },
      digest: "off",
    });
  });

  const mention = async () =>
    (await notifyMentions(db(), { text: `@[Reader](${reader.id})`, actorId: writerId })).map((n) => n.id);

  it("lands a mention email in the outbox with text, HTML and one-click unsubscribe headers", async () => {
    expect(await outbox()).toEqual([]);
    await deliver(await mention());
    const [mail] = await outbox();
    expect(mail.to).toBe("reader@example.com");
    expect(mail.subject).toBe("Writer mentioned you in a post");
    expect(mail.text).toContain("http://localhost:5173/app/lounge");
    expect(mail.html).toContain('<a href="http://localhost:5173/app/lounge">Open it in the lounge</a>');
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:5173\/api\/email\/unsubscribe\?token=[^>]+>$/,
    );
    // The footer leads to where these emails are chosen: the notifications section of the settings.
    expect(mail.text.split("\n").at(-1)).toBe(
      "Your notification settings: http://localhost:5173/app/settings/notifications",
    );
    expect(mail.html).toContain(
      '<a href="http://localhost:5173/app/settings/notifications">Your notification settings</a>',
    );
    expect(Date.parse(mail.sent_at)).not.toBeNaN();
  });

  it("writes in the member's language", async () => {
    await call("/api/profile", { method: "PUT", json: { language: "es" }, cookie: reader.cookie });
    const channel = await json(
      await call("/api/groups", {
        method: "POST",
        cookie: reader.cookie,
        json: { name: "Luna", description: "x", is_private: false },
      }),
    );
    await putPreferences(reader.cookie, {
      preferences: {
        mention: { in_app: true, push: false, email: true },
        channel_invite: { in_app: true, push: false, email: true },
      },
      digest: "off",
    });
    const invite = await notifyChannelInvite(db(), { userId: reader.id, channelId: channel.id, actorId: writerId });
    await deliver([...(await mention()), ...invite.map((n) => n.id)]);
    const subjects = (await outbox()).map((m) => m.subject).sort();
    expect(subjects).toEqual(["Writer te invitó a #Luna", "Writer te mencionó en una publicación"]);
    expect((await outbox())[0].html).toContain('lang="es"');
  });

  it("sends no email for kinds the member did not choose", async () => {
    await putPreferences(reader.cookie, { preferences: {}, digest: "off" });
    expect(await deliver(await mention())).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("escapes names in the HTML", async () => {
    await call("/api/users/me", { method: "PATCH", cookie: reader.cookie, json: { name: "Reader" } });
    const evil = await me(await signIn("evil@example.com", "<img src=x>"));
    await deliver((await notifyMentions(db(), { text: `@[Reader](${reader.id})`, actorId: evil })).map((n) => n.id));
    const [mail] = await outbox();
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x&gt;");
  });

  it("the outbox (JSON and page) is the admin's alone: 401 signed out, 403 for a member", async () => {
    await deliver(await mention());
    const admin = await signIn("admin@example.com", "Admin");
    for (const path of ["/api/dev/mail", "/api/dev/outbox"]) {
      const anonymous = await call(path);
      expect(anonymous.status, path).toBe(401);
      expect((await errorBody(anonymous)).code).toBe("unauthorized");
      const member = await call(path, { cookie: reader.cookie });
      expect(member.status, path).toBe(403);
      expect((await errorBody(member)).code).toBe("forbidden");
      expect((await call(path, { cookie: admin })).status, path).toBe(200);
    }
  });

  it("GET /api/dev/mail is 404 outside local, even to an admin", async () => {
    const admin = await signIn("admin@example.com", "Admin");
    expect((await call("/api/dev/mail", { cookie: admin, env: { APP_ENV: "production" } })).status).toBe(404);
  });

  it("the outbox page shows each message's address, subject, headers, text, and its HTML in a sandbox", async () => {
    const admin = await signIn("admin@example.com", "Admin");
    const empty = await call("/api/dev/outbox", { cookie: admin });
    expect(await empty.text()).toContain("No mail yet.");
    await deliver(await mention());
    const res = await call("/api/dev/outbox", { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    const [mail] = await outbox();
    expect(html).toContain("<h2>Writer mentioned you in a post</h2>");
    expect(html).toContain("<dd>reader@example.com</dd>");
    expect(html).toContain("<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>");
    expect(html).toContain("Open it in the lounge: http://localhost:5173/app/lounge");
    // The email's HTML only as the sandboxed frame's escaped srcdoc, never as part of the page.
    const frame = /<iframe sandbox title="[^"]*" srcdoc="([^"]*)"><\/iframe>/.exec(html);
    const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
    expect(frame?.[1].replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => entities[name])).toBe(mail.html);
    expect((await call("/api/dev/outbox", { cookie: admin, env: { APP_ENV: "production" } })).status).toBe(404);
  });
});

describe("one-click unsubscribe", () => {
  let reader: { cookie: string; id: number };
  beforeEach(async () => {
    const cookie = await signIn("reader@example.com", "Reader");
    reader = { cookie, id: await me(cookie) };
    await putPreferences(reader.cookie, {
      preferences: { mention: { in_app: true, push: true, email: true } },
      digest: "off",
    });
  });
  const mentionChoices = async () =>
    (await json(await call("/api/notifications/preferences", { cookie: reader.cookie }))).preferences.mention;
  const unsubscribe = (token: string, method = "POST") =>
    call(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`, {
      method,
      // A mail provider's one-click POST: another site, no cookie (RFC 8058 §3.1).
      headers:
        method === "POST"
          ? { origin: "https://mail.example.com", "content-type": "application/x-www-form-urlencoded" }
          : {},
      body: method === "POST" ? "List-Unsubscribe=One-Click" : undefined,
    });

  it("GET shows a confirmation and changes nothing; POST unsubscribes from that kind only", async () => {
    const token = await unsubscribeToken(testEnv.EMAIL_TOKEN_SECRET, reader.id, "mention");
    const page = await unsubscribe(token, "GET");
    expect(page.status).toBe(200);
    const confirmation = await page.text();
    expect(confirmation).toContain('<form method="post">');
    // Both pages lead on to the notification settings, where the choice can be undone.
    const settingsLink = '<a href="/app/settings/notifications">Your notification settings</a>';
    expect(confirmation).toContain(settingsLink);
    expect((await mentionChoices()).email).toBe(true);
    const done = await unsubscribe(token);
    expect(done.status).toBe(200);
    const answer = await done.text();
    expect(answer).toContain("you will not get these emails any more");
    expect(answer).toContain(settingsLink);
    expect(await mentionChoices()).toEqual({ in_app: true, push: true, email: false });
  });

  it("refuses a forged, altered or stale token and changes nothing", async () => {
    const good = await unsubscribeToken(testEnv.EMAIL_TOKEN_SECRET, reader.id, "mention");
    const forged = await unsubscribeToken("another-secret", reader.id, "mention");
    const [id, kind, expires, signature] = good.split(".");
    const stale = await unsubscribeToken(
      testEnv.EMAIL_TOKEN_SECRET,
      reader.id,
      "mention",
      Date.now() - 61 * 24 * 3600 * 1000,
    );
    for (const token of [
      forged,
      `${id + 1}.${kind}.${expires}.${signature}`,
      `${id}.like.${expires}.${signature}`,
      `${id}.${kind}.${Number(expires) + 1}.${signature}`,
      stale,
      "nonsense",
      "",
    ]) {
      const res = await unsubscribe(token);
      expect(res.status, token).toBe(400);
      expect(await res.text()).toContain("not valid");
    }
    expect((await mentionChoices()).email).toBe(true);
  });

  it(`a one-click POST as multipart/form-data (RFC 8058's SHOULD, as Gmail sends it) unsubscribes as the \
form-encoded one does`, async () => {
    const token = await unsubscribeToken(testEnv.EMAIL_TOKEN_SECRET, reader.id, "mention");
    const body = new FormData();
    body.set("List-Unsubscribe", "One-Click");
    const done = await call(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { origin: "https://mail.example.com" },
      body,
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("you will not get these emails any more");
    expect(await mentionChoices()).toEqual({ in_app: true, push: true, email: false });
  });

  it("takes multipart on the unsubscribe address alone, and only a small body", async () => {
    const token = await unsubscribeToken(testEnv.EMAIL_TOKEN_SECRET, reader.id, "mention");
    const oversized = new FormData();
    oversized.set("List-Unsubscribe", "One-Click");
    oversized.set("padding", "x".repeat(LIMITS.jsonBodyMaxBytes));
    // The multipart bytes with their declared length, as a mail provider sends them.
    const encoded = new Response(oversized);
    const bytes = await encoded.arrayBuffer();
    const tooLarge = await call(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: {
        origin: "https://mail.example.com",
        "content-type": encoded.headers.get("content-type") ?? "",
        "content-length": String(bytes.byteLength),
      },
      body: bytes,
    });
    expect(tooLarge.status).toBe(413);
    expect((await mentionChoices()).email).toBe(true);
    // Another route a form posts to (Transbank's return) still takes only the form encoding.
    const elsewhere = new FormData();
    elsewhere.set("token_ws", "x");
    const other = await call("/api/payments/webpay/return", { method: "POST", body: elsewhere });
    expect(other.status).toBe(415);
  });

  it("cannot turn off the receipt email", async () => {
    await unsubscribe(await unsubscribeToken(testEnv.EMAIL_TOKEN_SECRET, reader.id, "payment"));
    const prefs = await json(await call("/api/notifications/preferences", { cookie: reader.cookie }));
    expect(prefs.preferences.payment.email).toBe(true);
  });
});

describe("in-app choice", () => {
  it("a kind turned off in the app leaves the bell's list and count, and comes back when turned on", async () => {
    const writerId = await me(await signIn("writer@example.com", "Writer"));
    const cookie = await signIn("reader@example.com", "Reader");
    const readerId = await me(cookie);
    await notifyMentions(db(), { text: `@[Reader](${readerId})`, actorId: writerId });
    const bell = async () => json(await call("/api/notifications", { cookie }));
    expect((await bell()).unread).toBe(1);
    const set = (in_app: boolean) =>
      putPreferences(cookie, { preferences: { mention: { in_app, push: false, email: false } }, digest: "off" });
    await set(false);
    expect(await bell()).toEqual({ items: [], unread: 0 });
    await set(true);
    expect((await bell()).items.map((n: { kind: string }) => n.kind)).toEqual(["mention"]);
  });
});

describe("the membership reminder email", () => {
  it("names the end date in the member's language and time zone", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const id = await me(cookie);
    await call("/api/profile", { method: "PUT", json: { language: "es" }, cookie });
    const due = Date.parse("2026-11-28T15:00:00Z");
    const [row] = await db().all<{ id: number }>(
      sql`insert into notifications (user_id, kind, detail)
        values (${id}, 'membership_ending', ${String(due)}) returning id`,
    );
    await deliver([row.id]);
    expect((await outbox()).map((m) => m.subject)).toEqual(["Tu membresía termina el 28 nov 2026"]);
  });
});
