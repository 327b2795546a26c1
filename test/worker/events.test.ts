// Events: times in Santiago across its clock changes, answers and the waitlist, the meeting
// link, paid-only events, reminders (once, even when two runs race), cancel and move notices, attendees,
// the .ics parsed back by a real parser (ical.js) and the personal calendar feed.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeEach, describe, expect, it } from "vitest";
import { CRON } from "../../worker/cron";
import { events, memberships, notifications, users } from "../../worker/db/schema";
import worker from "../../worker/index";
import type { AttendeeDto, EventDto, RsvpResult } from "../../worker/shared/events";
import type { NotificationList } from "../../worker/shared/notifications";
import { call, countingDb, db, errorBody, json, testEnv } from "./helpers";
import { EMAILS, IDS, seedWorld, type World } from "./seed";

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});
type Who = keyof World["cookie"];
const cookie = (who: Who) => world.cookie[who];
const HOUR = 60 * 60 * 1000;

/** A wall-clock time in Santiago `hours` from now (the event's own zone), "YYYY-MM-DDTHH:mm". */
function santiagoIn(hours: number): string {
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/Santiago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(Date.now() + hours * HOUR));
  return parts.replace(" ", "T");
}

const base = {
  title: "Full moon circle",
  description: "Bring a **blanket**.",
  start_local: "2027-04-03T20:00",
  end_local: "2027-04-03T21:30",
  location: "online",
  meeting_url: "https://meet.example.com/moon",
};

async function createEvent(fields: Record<string, unknown> = {}): Promise<EventDto> {
  const res = await call("/api/events", { method: "POST", json: { ...base, ...fields }, cookie: cookie("admin") });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<EventDto>(res);
}

const getEvent = async (who: Who, id: number) =>
  json<EventDto>(await call(`/api/events/${id}`, { cookie: cookie(who) }));

async function rsvp(who: Who, id: number, status: string) {
  return call(`/api/events/${id}/rsvp`, { method: "POST", json: { status }, cookie: cookie(who) });
}

async function notificationsOf(who: Who): Promise<NotificationList> {
  return json<NotificationList>(await call("/api/notifications", { cookie: cookie(who) }));
}

/** Waits for the notifications the routes write after answering (waitUntil). */
const eventNotifications = async (userId: number, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind as "event_reminder")));

async function runEveryFiveMinutes(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON.everyFiveMinutes, scheduledTime: at }), testEnv, ctx);
  await waitOnExecutionContext(ctx);
}

function parseIcs(text: string) {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of vcalendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const vevent = vcalendar.getFirstSubcomponent("vevent")!;
  return { vcalendar, vevent, event: new ICAL.Event(vevent) };
}

/** Every occurrence a calendar reader (ical.js) expands from the event, as UTC instants. */
function expanded(parsed: ICAL.Event): { starts_at: string; ends_at: string }[] {
  const out: { starts_at: string; ends_at: string }[] = [];
  const dates = parsed.iterator();
  for (let next = dates.next(); next; next = dates.next()) {
    const details = parsed.getOccurrenceDetails(next);
    out.push({
      starts_at: details.startDate.toJSDate().toISOString(),
      ends_at: details.endDate.toJSDate().toISOString(),
    });
  }
  return out;
}

describe("events: time in Santiago", () => {
  it("20:00 local stays 20:00 on both sides of April's and September's clock changes", async () => {
    // Chile leaves summer time on the first Sunday of April (00:00 -> 23:00 the day before) and
    // returns on the first Sunday of September (24:00 -> 01:00): -03 in summer, -04 in winter.
    const cases = [
      ["2027-04-03T20:00", "2027-04-03T23:00:00.000Z"],
      ["2027-04-04T20:00", "2027-04-05T00:00:00.000Z"],
      ["2027-09-04T20:00", "2027-09-05T00:00:00.000Z"],
      ["2027-09-05T20:00", "2027-09-05T23:00:00.000Z"],
    ];
    for (const [local, utc] of cases) {
      const [date] = local.split("T");
      const event = await createEvent({ start_local: local, end_local: `${date}T21:00` });
      expect(event.starts_at, local).toBe(utc);
      expect(event.start_local).toBe(local);
      expect(event.time_zone).toBe("America/Santiago");
      // The .ics says 20:00 in Santiago and a real parser reads back the same instant.
      const ics = await call(`/api/events/${event.id}/ics`, { cookie: cookie("admin") });
      expect(ics.status).toBe(200);
      expect(ics.headers.get("content-type")).toContain("text/calendar");
      const text = await ics.text();
      expect(text).toContain(`DTSTART;TZID=America/Santiago:${local.replace(/[-:]/g, "")}00`);
      const { event: parsed } = parseIcs(text);
      expect(parsed.startDate.toJSDate().toISOString(), local).toBe(utc);
    }
  });

  it("a time the clocks skip moves forward by the gap; other zones keep their own wall time", async () => {
    const skipped = await createEvent({ start_local: "2027-09-05T00:30", end_local: "2027-09-05T02:00" });
    expect(skipped.starts_at).toBe("2027-09-05T04:30:00.000Z");
    expect(skipped.start_local).toBe("2027-09-05T01:30");
    const madrid = await createEvent({
      time_zone: "Europe/Madrid",
      start_local: "2027-07-01T19:00",
      end_local: "2027-07-01T20:00",
    });
    expect(madrid.starts_at).toBe("2027-07-01T17:00:00.000Z");
  });

  it(`the .ics keeps its UID across edits and counts SEQUENCE up; its VTIMEZONE has Santiago's real \
changes`, async () => {
    const event = await createEvent();
    const first = parseIcs(await (await call(`/api/events/${event.id}/ics`, { cookie: cookie("admin") })).text());
    const uid = first.event.uid;
    expect(first.event.sequence).toBe(0);
    const offsets = first.vcalendar
      .getFirstSubcomponent("vtimezone")!
      .getAllSubcomponents()
      .map((o) => [o.name, o.getFirstPropertyValue("tzoffsetto")?.toString()]);
    expect(offsets).toContainEqual(["daylight", "-03:00"]);
    expect(offsets).toContainEqual(["standard", "-04:00"]);

    const edited = await call(`/api/events/${event.id}`, {
      method: "PUT",
      json: { start_local: "2027-04-10T19:00", end_local: "2027-04-10T20:00" },
      cookie: cookie("admin"),
    });
    expect(edited.status).toBe(200);
    const second = parseIcs(await (await call(`/api/events/${event.id}/ics`, { cookie: cookie("admin") })).text());
    expect(second.event.uid).toBe(uid);
    expect(second.event.sequence).toBe(1);
    expect(second.event.startDate.toJSDate().toISOString()).toBe("2027-04-10T23:00:00.000Z");

    await call(`/api/events/${event.id}`, { method: "DELETE", cookie: cookie("admin") });
    const third = parseIcs(await (await call(`/api/events/${event.id}/ics`, { cookie: cookie("admin") })).text());
    expect(third.event.sequence).toBe(2);
    expect(third.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});

describe("events: the hour April's change repeats, in calendars", () => {
  // 2027-04-04 00:00 in Santiago goes back to 2027-04-03 23:00: 23:00-23:59 on April 3 happen twice. The app
  // keeps the first (UTC-3); readers (ical.js, node-ical, python's icalendar) read a TZID time there as the
  // second, so the .ics writes those instants in UTC.
  const icsOf = async (id: number) =>
    parseIcs(await (await call(`/api/events/${id}/ics`, { cookie: cookie("admin") })).text());

  it("a single event starting and ending in the repeated hour is written in UTC and read back as the app's instants", async () => {
    const event = await createEvent({ start_local: "2027-04-03T23:10", end_local: "2027-04-03T23:50" });
    expect([event.starts_at, event.ends_at]).toEqual(["2027-04-04T02:10:00.000Z", "2027-04-04T02:50:00.000Z"]);
    const { vevent, event: parsed } = await icsOf(event.id);
    expect(vevent.getFirstProperty("dtstart")!.toICALString()).toBe("DTSTART:20270404T021000Z");
    expect(expanded(parsed)).toEqual([{ starts_at: event.starts_at, ends_at: event.ends_at }]);
  });

  it("a weekly series through the repeated hour expands to the app's dates, the repeated one included", async () => {
    for (const [start, until] of [
      ["2027-03-27", "2027-04-17"], // the repeated hour mid-series
      ["2027-04-03", "2027-04-24"], // the first date in it
    ]) {
      const event = await createEvent({
        start_local: `${start}T23:30`,
        end_local: `${start}T23:59`,
        repeat: "weekly",
        repeat_until: until,
      });
      const app = event.occurrences.map(({ starts_at, ends_at }) => ({ starts_at, ends_at }));
      expect(app.map((o) => o.starts_at)).toContain("2027-04-04T02:30:00.000Z");
      expect(expanded((await icsOf(event.id)).event), start).toEqual(app);
    }
  });

  it("a monthly series says its day of the month (BYMONTHDAY), and expands to the app's dates", async () => {
    const event = await createEvent({
      start_local: "2027-01-31T19:00",
      end_local: "2027-01-31T20:00",
      repeat: "monthly",
      repeat_until: "2027-08-31",
    });
    const text = await (await call(`/api/events/${event.id}/ics`, { cookie: cookie("admin") })).text();
    expect(text).toMatch(/^RRULE:FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=\d{8}T\d{6}Z\r$/m);
    expect(expanded(parseIcs(text).event)).toEqual(
      event.occurrences.map(({ starts_at, ends_at }) => ({ starts_at, ends_at })),
    );
  });
});

describe("events: recurring", () => {
  it(`a weekly event stays 20:00 in Santiago across April's change; one date is cancelled and the calendar skips \
it`, async () => {
    const event = await createEvent({
      start_local: "2027-03-27T20:00",
      end_local: "2027-03-27T21:00",
      repeat: "weekly",
      repeat_until: "2027-04-17",
    });
    expect(event).toMatchObject({ repeat: "weekly", repeat_until: "2027-04-17" });
    const starts = [
      "2027-03-27T23:00:00.000Z",
      "2027-04-03T23:00:00.000Z",
      "2027-04-11T00:00:00.000Z", // from April 4 Chile is UTC-4: still 20:00 there
      "2027-04-18T00:00:00.000Z",
    ];
    expect(event.occurrences.map((o) => o.starts_at)).toEqual(starts);
    await rsvp("paid", event.id, "going");

    const cancelDate = (start: string) =>
      call(`/api/events/${event.id}/occurrences/${start}`, { method: "DELETE", cookie: cookie("admin") });
    const cancelled = await cancelDate(starts[2]);
    expect(cancelled.status).toBe(200);
    expect((await json<EventDto>(cancelled)).occurrences.map((o) => o.cancelled)).toEqual([false, false, true, false]);
    expect((await errorBody(await cancelDate(starts[2]))).code).toBe("event_occurrence_cancelled");
    expect((await errorBody(await cancelDate("2027-04-12T00:00:00.000Z"))).code).toBe("event_occurrence_not_found");
    expect(
      (await call(`/api/events/${event.id}/occurrences/${starts[1]}`, { method: "DELETE", cookie: cookie("paid") }))
        .status,
    ).toBe(403);
    expect((await eventNotifications(IDS.paid, "event_cancelled")).map((n) => n.detail)).toEqual([starts[2]]);

    const { event: parsed } = parseIcs(
      await (await call(`/api/events/${event.id}/ics`, { cookie: cookie("paid") })).text(),
    );
    expect(parsed.sequence).toBe(1);
    expect(expanded(parsed).map((o) => o.starts_at)).toEqual([starts[0], starts[1], starts[3]]);
    // The member's feed carries the same rule and cancelled date.
    const { url } = await json<{ url: string }>(
      await call("/api/profile/calendar", { method: "POST", cookie: cookie("paid") }),
    );
    const feed = await (await call(new URL(url).pathname)).text();
    expect(feed).toContain("RRULE:FREQ=WEEKLY;UNTIL=");
    expect(feed).toContain("EXDATE;TZID=America/Santiago:20270410T200000");
  });

  it("a monthly event on the 31st skips the months without one; bad rules are refused", async () => {
    const monthly = await createEvent({
      start_local: "2027-01-31T19:00",
      end_local: "2027-01-31T20:00",
      repeat: "monthly",
      repeat_until: "2027-06-30",
    });
    expect(monthly.occurrences.map((o) => o.starts_at.slice(0, 10))).toEqual([
      "2027-01-31",
      "2027-03-31",
      "2027-05-31",
    ]);
    const cases: [Record<string, unknown>, string][] = [
      [{ repeat: "weekly" }, "event_repeat_until_required"],
      [{ repeat: "weekly", repeat_until: "2027-04-02" }, "event_repeat_until_before_start"],
      [{ repeat: "weekly", repeat_until: "2030-04-03" }, "event_repeat_too_long"],
      [{ repeat: "daily", repeat_until: "2027-05-01" }, "invalid_input"],
    ];
    for (const [fields, code] of cases) {
      const res = await call("/api/events", { method: "POST", json: { ...base, ...fields }, cookie: cookie("admin") });
      expect((await errorBody(res)).code, JSON.stringify(fields)).toBe(code);
    }
  });

  it("reminds members going before each date of a series, and answers stay open until its last date", async () => {
    const now = Date.now();
    // The first date was a week ago; the next is in 23 hours.
    const event = await createEvent({
      start_local: santiagoIn(23 - 24 * 7),
      end_local: santiagoIn(24 - 24 * 7),
      repeat: "weekly",
      repeat_until: santiagoIn(24 * 30).slice(0, 10),
    });
    expect((await rsvp("paid", event.id, "going")).status).toBe(200);
    const next = Date.parse(event.occurrences[0].starts_at);
    expect(next - now).toBeGreaterThan(22 * HOUR);
    await Promise.all([runEveryFiveMinutes(now), runEveryFiveMinutes(now)]);
    expect((await eventNotifications(IDS.paid, "event_reminder")).map((n) => n.detail)).toEqual([`24h:${next}`]);
  });
});

describe("events: answers", () => {
  it("at capacity 'going' joins the waitlist; the first in line is promoted and told when a seat frees", async () => {
    const event = await createEvent({ capacity: 1, start_local: santiagoIn(72), end_local: santiagoIn(73) });
    expect(await json<RsvpResult>(await rsvp("paid", event.id, "going"))).toEqual({
      status: "going",
      waitlisted: false,
      going_count: 1,
    });
    expect(await json<RsvpResult>(await rsvp("owner", event.id, "going"))).toEqual({
      status: "going",
      waitlisted: true,
      going_count: 1,
    });
    expect(await json<RsvpResult>(await rsvp("member", event.id, "going"))).toMatchObject({ waitlisted: true });
    // Answering "going" again keeps one's place in line.
    expect(await json<RsvpResult>(await rsvp("owner", event.id, "going"))).toMatchObject({ waitlisted: true });
    expect((await getEvent("admin", event.id)).waitlist_count).toBe(2);

    expect(await json<RsvpResult>(await rsvp("paid", event.id, "declined"))).toEqual({
      status: "declined",
      waitlisted: false,
      going_count: 1,
    });
    expect((await getEvent("owner", event.id)).my_status).toBe("going");
    expect((await getEvent("member", event.id)).my_status).toBe("waitlisted");
    const told = (await notificationsOf("owner")).items.find((n) => n.kind === "event_promoted");
    expect(told).toMatchObject({ event_id: event.id, event_title: base.title, url: `/app/events/${event.id}` });
    expect((await eventNotifications(IDS.member, "event_promoted")).length).toBe(0);

    // A larger capacity promotes the next in line at once.
    await call(`/api/events/${event.id}`, { method: "PUT", json: { capacity: 5 }, cookie: cookie("admin") });
    expect((await getEvent("member", event.id)).my_status).toBe("going");
    expect((await eventNotifications(IDS.member, "event_promoted")).length).toBe(1);
  });

  it(`a going member's account deleted frees the seat at once: the first in line is promoted and told (by \
themselves or by an admin)`, async () => {
    const first = await createEvent({ capacity: 1, start_local: santiagoIn(72), end_local: santiagoIn(73) });
    const second = await createEvent({ capacity: 1, start_local: santiagoIn(96), end_local: santiagoIn(97) });
    await rsvp("paid", first.id, "going");
    await rsvp("owner", first.id, "going"); // waitlisted
    await rsvp("member", first.id, "going"); // waitlisted, second in line
    await rsvp("owner", second.id, "going");
    await rsvp("paid", second.id, "going"); // waitlisted

    const gone = await call("/api/profile", {
      method: "DELETE",
      json: { confirm: EMAILS.paid },
      cookie: cookie("paid"),
    });
    expect(gone.status).toBe(200);
    const afterSelf = await getEvent("owner", first.id);
    expect(afterSelf).toMatchObject({ my_status: "going", going_count: 1, waitlist_count: 1 });
    expect((await eventNotifications(IDS.owner, "event_promoted")).map((n) => n.eventId)).toEqual([first.id]);
    expect((await getEvent("member", first.id)).my_status).toBe("waitlisted");

    // An admin removing the owner: the member takes the owner's seat in the first event; the second event's
    // waitlist was the deleted member only, so its seat stays free.
    const removed = await call(`/api/admin/members/${IDS.owner}`, { method: "DELETE", cookie: cookie("admin") });
    expect(removed.status).toBe(200);
    expect(await getEvent("member", first.id)).toMatchObject({ my_status: "going", going_count: 1 });
    expect((await eventNotifications(IDS.member, "event_promoted")).map((n) => n.eventId)).toEqual([first.id]);
    expect((await getEvent("admin", second.id)).going_count).toBe(0);
  });

  it(`a capacity raised past a long waitlist promotes everyone in line at once and tells each, in one \
statement whose bound variables do not grow with the line`, async () => {
    const event = await createEvent({ capacity: 1, start_local: santiagoIn(72), end_local: santiagoIn(73) });
    const line = Array.from({ length: 60 }, (_, i) => 100 + i);
    // Written as JSON lists: 60 rows of bound values would pass D1's 100 variables.
    await db().run(sql`insert into users (id, email, name)
      select value, 'line' || value || '@example.com', 'Line ' || value from json_each(${JSON.stringify(line)})`);
    expect((await rsvp("paid", event.id, "going")).status).toBe(200);
    // In line in id order.
    await db().run(sql`insert into event_rsvps (event_id, user_id, status, responded_at)
      select ${event.id}, value, 'waitlisted', ${Date.now()} + value from json_each(${JSON.stringify(line)})`);
    const { counter, DB } = countingDb();
    const raised = await call(`/api/events/${event.id}`, {
      method: "PUT",
      json: { capacity: 100 },
      cookie: cookie("admin"),
      env: { DB },
    });
    expect(raised.status).toBe(200);
    expect(await json<EventDto>(raised)).toMatchObject({ going_count: 61, waitlist_count: 0 });
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.kind, "event_promoted"));
    expect(told.map((n) => n.userId).sort()).toEqual(line);
    const writes = counter.queries.filter((q) => /^insert into "?notifications"?/i.test(q.sql.trim()));
    // One statement binding the kind, the event and the list of the promoted: 3, however long the line.
    expect(writes.map((q) => q.params.length)).toEqual([3]);
  });

  it("the meeting link goes only to members going (not maybe, not the waitlist), and to admins", async () => {
    const event = await createEvent({ capacity: 1, start_local: santiagoIn(48), end_local: santiagoIn(49) });
    const before = await getEvent("paid", event.id);
    expect(before.meeting_url).toBeNull();
    expect(before.has_meeting_url).toBe(true);
    expect((await getEvent("admin", event.id)).meeting_url).toBe(base.meeting_url);
    expect(await (await call(`/api/events/${event.id}/ics`, { cookie: cookie("paid") })).text()).not.toContain(
      "meet.example.com",
    );

    await rsvp("paid", event.id, "going");
    expect((await getEvent("paid", event.id)).meeting_url).toBe(base.meeting_url);
    expect(await (await call(`/api/events/${event.id}/ics`, { cookie: cookie("paid") })).text()).toContain(
      "meet.example.com",
    );
    await rsvp("owner", event.id, "going"); // waitlisted
    expect((await getEvent("owner", event.id)).meeting_url).toBeNull();
    await rsvp("member", event.id, "maybe");
    expect((await getEvent("member", event.id)).meeting_url).toBeNull();
    const list = await json<{ events: EventDto[] }>(await call("/api/events", { cookie: cookie("member") }));
    expect(list.events.find((e) => e.id === event.id)?.meeting_url).toBeNull();
  });

  it("a paid-only event is refused to members without a membership, and open to paying members", async () => {
    const event = await createEvent({ paid_only: true, start_local: santiagoIn(48), end_local: santiagoIn(49) });
    const refused = await rsvp("member", event.id, "going");
    expect(refused.status).toBe(403);
    expect((await errorBody(refused)).code).toBe("event_members_only");
    const seen = await getEvent("member", event.id);
    expect(seen).toMatchObject({ locked: true, description: "", description_html: "", meeting_url: null, going: [] });
    expect((await call(`/api/events/${event.id}/ics`, { cookie: cookie("member") })).status).toBe(403);
    expect(await db().select().from(notifications).where(eq(notifications.userId, IDS.member))).toEqual([]);

    expect((await rsvp("paid", event.id, "going")).status).toBe(200);
    const open = await getEvent("paid", event.id);
    expect(open).toMatchObject({ locked: false, going_count: 1, meeting_url: base.meeting_url });
    expect(open.description_html).toContain("<strong>blanket</strong>");
  });

  it("refuses answers to cancelled and past events, from muted members, and bad answers", async () => {
    const past = await createEvent({ start_local: santiagoIn(-3), end_local: santiagoIn(-2) });
    expect((await errorBody(await rsvp("paid", past.id, "going"))).code).toBe("event_over");
    const event = await createEvent({ start_local: santiagoIn(24 * 5), end_local: santiagoIn(24 * 5 + 1) });
    expect((await rsvp("paid", event.id, "yes")).status).toBe(400);
    expect((await rsvp("paid", 9999, "going")).status).toBe(404);

    await db()
      .update(users)
      .set({ mutedUntil: new Date(Date.now() + HOUR) })
      .where(eq(users.id, IDS.paid));
    const muted = await rsvp("paid", event.id, "going");
    expect(muted.status).toBe(403);
    expect((await errorBody(muted)).code).toBe("account_muted");

    await call(`/api/events/${event.id}`, { method: "DELETE", cookie: cookie("admin") });
    const cancelled = await rsvp("owner", event.id, "going");
    expect(cancelled.status).toBe(409);
    expect((await errorBody(cancelled)).code).toBe("event_cancelled");
  });
});

describe("events: reminders and notices", () => {
  it("reminds everyone going 24 h and 1 h before, each once, even when two runs race", async () => {
    const now = Date.now();
    const event = await createEvent({ start_local: santiagoIn(23), end_local: santiagoIn(24) });
    await rsvp("paid", event.id, "going");
    await rsvp("owner", event.id, "going");
    await rsvp("member", event.id, "maybe");

    await Promise.all([runEveryFiveMinutes(now), runEveryFiveMinutes(now)]);
    await runEveryFiveMinutes(now + 5 * 60 * 1000);
    for (const id of [IDS.paid, IDS.owner]) {
      const sent = await eventNotifications(id, "event_reminder");
      expect(sent.map((n) => n.detail)).toEqual([`24h:${Date.parse(event.starts_at)}`]);
    }
    expect(await eventNotifications(IDS.member, "event_reminder")).toEqual([]);

    const lastHour = Date.parse(event.starts_at) - 30 * 60 * 1000;
    await Promise.all([runEveryFiveMinutes(lastHour), runEveryFiveMinutes(lastHour)]);
    const reminders = (await notificationsOf("paid")).items.filter((n) => n.kind === "event_reminder");
    expect(reminders.map((n) => n.detail).sort()).toEqual(["1h", "24h"]);
    expect((await eventNotifications(IDS.owner, "event_reminder")).length).toBe(2);
  });

  it("cancelling or moving an event tells everyone who answered; other edits tell nobody", async () => {
    const event = await createEvent({ start_local: santiagoIn(24 * 7), end_local: santiagoIn(24 * 7 + 1) });
    await rsvp("paid", event.id, "going");
    await rsvp("member", event.id, "declined");
    const renamed = await call(`/api/events/${event.id}`, {
      method: "PUT",
      json: { title: "Renamed" },
      cookie: cookie("admin"),
    });
    // An edit changes only what it sends.
    expect(await json<EventDto>(renamed)).toMatchObject({
      title: "Renamed",
      description: base.description,
      meeting_url: base.meeting_url,
      start_local: event.start_local,
      time_zone: "America/Santiago",
      paid_only: false,
    });
    expect(await eventNotifications(IDS.paid, "event_moved")).toEqual([]);

    const moved = await call(`/api/events/${event.id}`, {
      method: "PUT",
      json: { start_local: santiagoIn(24 * 8), end_local: santiagoIn(24 * 8 + 1) },
      cookie: cookie("admin"),
    });
    const movedEvent = await json<EventDto>(moved);
    for (const id of [IDS.paid, IDS.member]) {
      expect((await eventNotifications(id, "event_moved")).map((n) => n.detail)).toEqual([movedEvent.starts_at]);
    }
    await call(`/api/events/${event.id}`, { method: "DELETE", cookie: cookie("admin") });
    expect((await notificationsOf("member")).items[0]).toMatchObject({ kind: "event_cancelled", event_id: event.id });
    expect((await eventNotifications(IDS.owner, "event_cancelled")).length).toBe(0);
    expect((await call(`/api/events/${event.id}`, { method: "DELETE", cookie: cookie("admin") })).status).toBe(409);
  });
});

describe("events: admin", () => {
  it("only admins create, edit, cancel and list attendees (JSON and CSV)", async () => {
    for (const who of ["member", "paid"] as const) {
      expect((await call("/api/events", { method: "POST", json: base, cookie: cookie(who) })).status).toBe(403);
    }
    const event = await createEvent({ start_local: santiagoIn(30), end_local: santiagoIn(31) });
    expect(
      (await call(`/api/events/${event.id}`, { method: "PUT", json: { title: "x" }, cookie: cookie("paid") })).status,
    ).toBe(403);
    expect((await call(`/api/events/${event.id}`, { method: "DELETE", cookie: cookie("paid") })).status).toBe(403);
    expect((await call(`/api/events/${event.id}/attendees`, { cookie: cookie("paid") })).status).toBe(403);

    await rsvp("paid", event.id, "going");
    await rsvp("member", event.id, "maybe");
    const { attendees } = await json<{ attendees: AttendeeDto[] }>(
      await call(`/api/events/${event.id}/attendees`, { cookie: cookie("admin") }),
    );
    expect(attendees.map((a) => [a.email, a.status])).toEqual([
      ["paid@example.com", "going"],
      ["member@example.com", "maybe"],
    ]);
    const csv = await call(`/api/events/${event.id}/attendees?format=csv`, { cookie: cookie("admin") });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).split("\r\n").slice(0, 2)).toEqual([
      "name,email,status,responded_at",
      `Paid,paid@example.com,going,${attendees[0].responded_at}`,
    ]);
    await call(`/api/events/${event.id}`, { method: "PUT", json: { capacity: 3 }, cookie: cookie("admin") });
    await call(`/api/events/${event.id}`, { method: "DELETE", cookie: cookie("admin") });
    const audit = await json<{ action: string; target_type: string; target_id: string }[]>(
      await call("/api/admin/audit", { cookie: cookie("admin") }),
    );
    expect(audit.map((e) => [e.action, e.target_type, e.target_id])).toEqual([
      ["event.cancel", "event", String(event.id)],
      ["event.update", "event", String(event.id)],
      ["event.create", "event", String(event.id)],
    ]);
  });

  it("refuses bad input with a 400 and its code, storing nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "event_title_required"],
      [{ start_local: "tomorrow" }, "event_time_invalid"],
      [{ start_local: "2027-02-30T20:00", end_local: "2027-02-30T21:00" }, "event_time_invalid"],
      [{ end_local: "2027-04-03T19:00" }, "event_end_before_start"],
      [{ end_local: "2027-05-03T19:00" }, "event_too_long"],
      [{ time_zone: "Mars/Olympus" }, "timezone_invalid"],
      [{ location: "in_person", meeting_url: null }, "event_place_required"],
      [{ meeting_url: "javascript:alert(1)" }, "event_meeting_url_invalid"],
      [{ capacity: 0 }, "invalid_input"],
      [{ host_id: 1 }, "invalid_input"],
    ];
    for (const [fields, code] of cases) {
      const res = await call("/api/events", { method: "POST", json: { ...base, ...fields }, cookie: cookie("admin") });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect((await errorBody(res)).code, JSON.stringify(fields)).toBe(code);
    }
    const list = await json<{ events: EventDto[] }>(await call("/api/events", { cookie: cookie("admin") }));
    expect(list.events.map((e) => e.id)).toEqual([IDS.event, IDS.paidEvent]); // the seeded ones only
    expect((await call("/api/events?from=yesterday", { cookie: cookie("admin") })).status).toBe(400);
  });

  it("lists by start within from/to, in pages", async () => {
    const farAhead = "from=2040-01-01T00:00:00Z"; // past the seeded events (a month from now)
    const a = await createEvent({ start_local: "2040-01-01T10:00", end_local: "2040-01-01T11:00" });
    const b = await createEvent({ start_local: "2040-02-01T10:00", end_local: "2040-02-01T11:00" });
    const c = await createEvent({ start_local: "2040-03-01T10:00", end_local: "2040-03-01T11:00" });
    const page1 = await json<{ events: EventDto[]; next_cursor: string }>(
      await call(`/api/events?limit=2&${farAhead}`, { cookie: cookie("member") }),
    );
    expect(page1.events.map((e) => e.id)).toEqual([a.id, b.id]);
    const page2 = await json<{ events: EventDto[]; next_cursor: string | null }>(
      await call(`/api/events?limit=2&cursor=${page1.next_cursor}&${farAhead}`, { cookie: cookie("member") }),
    );
    expect(page2).toMatchObject({ events: [{ id: c.id }], next_cursor: null });
    const past = await json<{ events: EventDto[] }>(
      await call(`/api/events?to=2040-02-15T00:00:00Z&order=desc&${farAhead}`, { cookie: cookie("member") }),
    );
    expect(past.events.map((e) => e.id)).toEqual([b.id, a.id]);
    const from = await json<{ events: EventDto[] }>(
      await call("/api/events?from=2040-02-01T14:30:00Z", { cookie: cookie("member") }),
    );
    expect(from.events.map((e) => e.id)).toEqual([c.id]);
  });
});

describe("events: search", () => {
  it("finds events by title, description and place; paid-only ones only with paid access", async () => {
    const open = await createEvent({ title: "Luna llena", description: "Meditación junto al mar" });
    const paid = await createEvent({ title: "Retiro", description: "Meditacion en la cordillera", paid_only: true });
    const search = async (who: Who, q: string) =>
      (
        await json<{ results: { kind: string; id: number; url: string }[] }>(
          await call(`/api/search?q=${encodeURIComponent(q)}&kind=event`, { cookie: cookie(who) }),
        )
      ).results;
    // Accents are ignored, as in every index.
    expect((await search("member", "meditacion")).map((r) => r.id)).toEqual([open.id]);
    expect((await search("paid", "meditación")).map((r) => r.id).sort()).toEqual([open.id, paid.id].sort());
    expect(await search("admin", "cordillera")).toMatchObject([
      { kind: "event", id: paid.id, url: `/app/events/${paid.id}` },
    ]);
    await call(`/api/events/${open.id}`, { method: "PUT", json: { title: "Luna nueva" }, cookie: cookie("admin") });
    expect(await search("member", "llena")).toEqual([]);
    expect((await search("member", "nueva")).map((r) => r.id)).toEqual([open.id]);
  });
});

describe("events: the personal calendar feed", () => {
  it(`lists the events the member is going to; a new token revokes the old one (404), as does turning it \
off`, async () => {
    const going = await createEvent({ title: "Going", start_local: santiagoIn(48), end_local: santiagoIn(49) });
    const maybe = await createEvent({ title: "Maybe", start_local: santiagoIn(50), end_local: santiagoIn(51) });
    await rsvp("paid", going.id, "going");
    await rsvp("paid", maybe.id, "maybe");
    expect(await json(await call("/api/profile/calendar", { cookie: cookie("paid") }))).toEqual({
      active: false,
      created_at: null,
    });

    const { url } = await json<{ url: string }>(
      await call("/api/profile/calendar", { method: "POST", cookie: cookie("paid") }),
    );
    const path = new URL(url).pathname;
    const feed = await call(path); // no session: calendar apps fetch it with the token alone
    expect(feed.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const summaries = calendar.getAllSubcomponents("vevent").map((e) => e.getFirstPropertyValue("summary"));
    expect(summaries).toEqual(["Going"]);
    expect(
      (await json<{ active: boolean }>(await call("/api/profile/calendar", { cookie: cookie("paid") }))).active,
    ).toBe(true);

    const renewed = await json<{ url: string }>(
      await call("/api/profile/calendar", { method: "POST", cookie: cookie("paid") }),
    );
    expect((await call(path)).status).toBe(404);
    const newPath = new URL(renewed.url).pathname;
    expect((await call(newPath)).status).toBe(200);
    await call("/api/profile/calendar", { method: "DELETE", cookie: cookie("paid") });
    expect((await call(newPath)).status).toBe(404);
    expect((await call("/api/calendar/not-a-token.ics")).status).toBe(400);
  });
});

describe("events: the feed shows what the event's page shows", () => {
  it(`an event that became paid-only keeps only its title and time in the feed of a member without paid \
access, as on its page (the .ics answers 403)`, async () => {
    const online = await createEvent({ title: "Online", start_local: santiagoIn(48), end_local: santiagoIn(49) });
    const inPerson = await createEvent({
      title: "In person",
      location: "in_person",
      place: "Secret garden, 12 Hidden St",
      meeting_url: null,
      start_local: santiagoIn(50),
      end_local: santiagoIn(51),
    });
    for (const event of [online, inPerson]) expect((await rsvp("member", event.id, "going")).status).toBe(200);
    const { url } = await json<{ url: string }>(
      await call("/api/profile/calendar", { method: "POST", cookie: cookie("member") }),
    );
    const feedText = async () => (await call(new URL(url).pathname)).text();
    const open = await feedText();
    expect(open).toContain("meet.example.com");
    expect(open).toContain("Secret garden");

    for (const event of [online, inPerson]) {
      const edit = await call(`/api/events/${event.id}`, {
        method: "PUT",
        json: { paid_only: true, description: "Members only: the new plan." },
        cookie: cookie("admin"),
      });
      expect(edit.status).toBe(200);
      expect(await getEvent("member", event.id)).toMatchObject({ locked: true, description: "", place: null });
      expect((await call(`/api/events/${event.id}/ics`, { cookie: cookie("member") })).status).toBe(403);
    }
    const locked = new ICAL.Component(ICAL.parse(await feedText()));
    const entries = locked.getAllSubcomponents("vevent").map((v) => ({
      summary: v.getFirstPropertyValue("summary"),
      start: new ICAL.Event(v).startDate.toJSDate().toISOString(),
      description: v.getFirstPropertyValue("description"),
      location: v.getFirstPropertyValue("location"),
    }));
    expect(entries).toEqual([
      { summary: "Online", start: online.starts_at, description: null, location: null },
      { summary: "In person", start: inPerson.starts_at, description: null, location: null },
    ]);
  });

  it("a paid-only event keeps only its title and time in the feed once the reader's membership lapsed", async () => {
    const event = await createEvent({ paid_only: true, start_local: santiagoIn(48), end_local: santiagoIn(49) });
    expect((await rsvp("paid", event.id, "going")).status).toBe(200);
    const { url } = await json<{ url: string }>(
      await call("/api/profile/calendar", { method: "POST", cookie: cookie("paid") }),
    );
    const feedEvent = async () =>
      new ICAL.Component(ICAL.parse(await (await call(new URL(url).pathname)).text())).getFirstSubcomponent("vevent")!;
    expect((await feedEvent()).getFirstPropertyValue("location")).toBe(base.meeting_url);

    await db()
      .update(memberships)
      .set({ nextPaymentDue: new Date(Date.now() - HOUR) })
      .where(eq(memberships.userId, IDS.paid));
    expect((await call(`/api/events/${event.id}/ics`, { cookie: cookie("paid") })).status).toBe(403);
    const lapsed = await feedEvent();
    expect(lapsed.getFirstPropertyValue("summary")).toBe(base.title);
    expect(lapsed.getFirstPropertyValue("description")).toBeNull();
    expect(lapsed.getFirstPropertyValue("location")).toBeNull();
  });
});

describe("events: calendar text", () => {
  it("escapes every line-break form (CRLF, LF, lone CR) in the .ics text, so a reader keeps every property", async () => {
    const event = await createEvent({ description: "One\r\nTwo\nThree\rFour" });
    // A title stored before titles were single-line.
    await db().update(events).set({ title: "Moon\rcircle" }).where(eq(events.id, event.id));
    const text = await (await call(`/api/events/${event.id}/ics`, { cookie: cookie("admin") })).text();
    const { vevent } = parseIcs(text);
    expect(vevent.getFirstPropertyValue("summary")).toBe("Moon\ncircle");
    expect(vevent.getFirstPropertyValue("description")).toBe(`One\nTwo\nThree\nFour\n\n${base.meeting_url}`);
    // Every line ends in CRLF: no line break of any form inside a value.
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  });
});
