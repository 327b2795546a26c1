// Member-written names that reach an email's Subject or a push notification (a channel's name, an
// event's title) follow the display-name rules: one line, NFKC, no control, direction or invisible
// characters; refused with a 400 and a code. Subjects are composed on one line whatever is stored.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { channels } from "../../worker/db/schema";
import { planDeliveries, runDeliveryJob } from "../../worker/features/notifications/deliver";
import { notifyChannelInvite } from "../../worker/features/notifications/queries/write";
import type { ChannelDto } from "../../worker/shared/chat-wire";
import type { EventDto } from "../../worker/shared/events";
import { call, db, errorBody, json, outbox, signIn, testEnv } from "./helpers";
import { IDS, seedWorld, type World } from "./seed";

/** Texts that would break a Subject line or read differently than they look. */
const REFUSED = [
  "x\r\nBcc: spy@evil.example",
  "two\nlines",
  "carriage\rreturn",
  "next\u0085line",
  "line\u2028separator",
  "evil\u202Eflipped",
  "zero\u200Bwidth",
  "\u3164\u3164",
];

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});

describe("channel names", () => {
  it("refuses a name that is not one clean line, on create and on update, with channel_name_invalid", async () => {
    for (const name of REFUSED) {
      const created = await call("/api/groups", { method: "POST", json: { name }, cookie: world.cookie.owner });
      expect(created.status, JSON.stringify(name)).toBe(400);
      expect((await errorBody(created)).code, JSON.stringify(name)).toBe("channel_name_invalid");
      // An admin edits (managers may): the owner's channel writes are rate-limited to 10 a minute.
      const updated = await call(`/api/groups/${IDS.publicChannel}`, {
        method: "PUT",
        json: { name },
        cookie: world.cookie.admin,
      });
      expect((await errorBody(updated)).code, JSON.stringify(name)).toBe("channel_name_invalid");
    }
    const [stored] = await db().select().from(channels).where(eq(channels.id, IDS.publicChannel));
    expect(stored.name).toBe("Public");
  });

  it("stores a name as the display-name rules clean it (NFKC, spaces collapsed)", async () => {
    const res = await call("/api/groups", {
      method: "POST",
      json: { name: "  \uFF2C\uFF55\uFF4E\uFF41   llena " },
      cookie: world.cookie.owner,
    });
    expect(res.status).toBe(201);
    expect((await json<ChannelDto>(res)).name).toBe("Luna llena");
    const blank = await call("/api/groups", { method: "POST", json: { name: "   " }, cookie: world.cookie.owner });
    expect((await errorBody(blank)).code).toBe("channel_name_required");
  });
});

describe("event titles", () => {
  const event = {
    title: "Full moon",
    start_local: "2027-04-10T20:00",
    end_local: "2027-04-10T21:00",
    location: "online",
  };

  it("refuses a title that is not one clean line, on create and on update, with event_title_invalid", async () => {
    const created = await call("/api/events", { method: "POST", json: event, cookie: world.cookie.admin });
    expect(created.status).toBe(201);
    const { id } = await json<EventDto>(created);
    for (const title of REFUSED) {
      const refused = await call("/api/events", {
        method: "POST",
        json: { ...event, title },
        cookie: world.cookie.admin,
      });
      expect(refused.status, JSON.stringify(title)).toBe(400);
      expect((await errorBody(refused)).code, JSON.stringify(title)).toBe("event_title_invalid");
      const edited = await call(`/api/events/${id}`, { method: "PUT", json: { title }, cookie: world.cookie.admin });
      expect((await errorBody(edited)).code, JSON.stringify(title)).toBe("event_title_invalid");
    }
    expect((await json<EventDto>(await call(`/api/events/${id}`, { cookie: world.cookie.admin }))).title).toBe(
      "Full moon",
    );
  });
});

describe("email subjects", () => {
  it("are one line even for a channel name stored before names were checked", async () => {
    const reader = await signIn("reader@example.com", "Reader");
    const readerId = (await json<{ id: number }>(await call("/api/users/me", { cookie: reader }))).id;
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie: reader,
      json: { preferences: { channel_invite: { in_app: true, push: false, email: true } }, digest: "off" },
    });
    await db().update(channels).set({ name: "x\r\nBcc: spy@evil.example" }).where(eq(channels.id, IDS.privateChannel));
    const invite = await notifyChannelInvite(db(), {
      userId: readerId,
      channelId: IDS.privateChannel,
      actorId: IDS.owner,
    });
    for (const job of await planDeliveries(
      testEnv,
      db(),
      invite.map((n) => n.id),
    ))
      expect(await runDeliveryJob(testEnv, db(), job)).toBe("done");
    const [mail] = await outbox();
    expect(mail.subject).toBe("Owner invited you to #x Bcc: spy@evil.example");
  });
});
