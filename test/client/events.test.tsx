// The gatherings' screens in jsdom: the list in the member's zone with the event's beside it, the
// locked paid-only event, answering Going (the request, then the link), and the admins' attendees.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TEXT } from "../../client/text";
import { eventFixture, renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

const T = TEXT.events;
const event = eventFixture;

const as = (patch: Record<string, unknown> = {}) => sessionDeps({ getMe: async () => reply(200, userFixture(patch)) });
const nbsp = (text: string | null) => text?.replace(/\s/g, " ") ?? "";

describe("events", () => {
  it("lists upcoming gatherings in the member's zone with Chile's time beside it, and past ones after", async () => {
    stubFetch((url) => {
      if (url.startsWith("/api/events?") && url.includes("order=asc"))
        return { status: 200, body: { events: [event()], next_cursor: null } };
      if (url.startsWith("/api/events?"))
        return {
          status: 200,
          body: {
            events: [
              event({
                id: 4,
                title: "New moon",
                starts_at: "2020-01-01T23:00:00.000Z",
                ends_at: "2020-01-02T00:00:00.000Z",
              }),
            ],
            next_cursor: null,
          },
        };
      return { status: 200, body: [] };
    });
    renderApp("/app/events", as({ timezone: "Europe/Madrid" }));
    const upcoming = await screen.findByRole("region", { name: T.upcoming });
    const card = within(upcoming).getByRole("link", { name: "Full moon circle" }).closest("li")!;
    expect(nbsp(card.textContent)).toContain("2:00 AM – 3:30 AM · 8:00 PM (Chile time)");
    expect(within(screen.getByRole("region", { name: T.past })).getByRole("link", { name: "New moon" })).toBeTruthy();
    expect(screen.getByRole("link", { name: TEXT.nav.events })).toBeTruthy();
  });

  it("shows Chile's time alone to a member in Chile", async () => {
    stubFetch((url) =>
      url.startsWith("/api/events?")
        ? { status: 200, body: { events: [event()], next_cursor: null } }
        : { status: 200, body: [] },
    );
    renderApp("/app/events", as({ timezone: "America/Santiago" }));
    const link = await screen.findAllByRole("link", { name: "Full moon circle" });
    const text = nbsp(link[0].closest("li")!.textContent);
    expect(text).toContain("8:00 PM – 9:30 PM");
    expect(text).not.toContain("Chile time");
  });

  it("answering Going sends the answer; the page then shows the meeting link", async () => {
    let answered: unknown = null;
    stubFetch((url, init) => {
      if (url === "/api/events/5/rsvp") {
        answered = JSON.parse(String(init?.body));
        return { status: 200, body: { status: "going", waitlisted: false, going_count: 1 } };
      }
      if (url === "/api/events/5")
        return {
          status: 200,
          body: answered
            ? event({ my_status: "going", meeting_url: "https://meet.example.com/x", going_count: 1 })
            : event(),
        };
      return { status: 200, body: [] };
    });
    renderApp("/app/events/5", as());
    await screen.findByText(T.meetingHidden);
    expect(screen.getByRole("link", { name: T.addToCalendar }).getAttribute("href")).toBe("/api/events/5/ics");
    fireEvent.click(screen.getByRole("button", { name: T.answers.going }));
    const join = await screen.findByRole("link", { name: T.meetingLink });
    expect(join.getAttribute("href")).toBe("https://meet.example.com/x");
    expect(answered).toEqual({ status: "going" });
    expect(screen.getByRole("button", { name: T.answers.going }).getAttribute("aria-pressed")).toBe("true");
  });

  it("a paid-only event locked for the member offers the membership instead of answers", async () => {
    stubFetch((url) =>
      url === "/api/events/5"
        ? { status: 200, body: event({ paid_only: true, locked: true, description: "", description_html: "" }) }
        : { status: 200, body: [] },
    );
    renderApp("/app/events/5", as());
    await screen.findByText(T.lockedText);
    expect(screen.getByRole("link", { name: T.seePricing }).getAttribute("href")).toBe("/pricing");
    expect(screen.queryByRole("button", { name: T.answers.going })).toBeNull();
    expect(screen.queryByRole("link", { name: T.addToCalendar })).toBeNull();
  });

  it("admins see who answered, with the CSV", async () => {
    stubFetch((url) => {
      if (url === "/api/events/5") return { status: 200, body: event({ going_count: 1 }) };
      if (url.startsWith("/api/events/5/attendees"))
        return {
          status: 200,
          body: {
            attendees: [
              {
                user_id: 2,
                name: "Rosa",
                email: "rosa@example.com",
                status: "waitlisted",
                responded_at: "2030-01-01T00:00:00.000Z",
              },
            ],
          },
        };
      return { status: 200, body: [] };
    });
    renderApp("/app/events/5", as({ role: "admin" }));
    const section = await screen.findByRole("region", { name: T.attendees });
    await waitFor(() => expect(within(section).getByText("Rosa")).toBeTruthy());
    expect(within(section).getByText(T.attendeeStatus.waitlisted)).toBeTruthy();
    expect(within(section).getByRole("link", { name: T.attendeesCsv }).getAttribute("href")).toBe(
      "/api/events/5/attendees?format=csv",
    );
  });

  it("a weekly gathering lists its next dates; an admin cancels one date after confirming", async () => {
    const dates = ["2030-07-07T00:00:00.000Z", "2030-07-14T00:00:00.000Z"];
    let cancelled: string | null = null;
    stubFetch((url, init) => {
      if (init?.method === "DELETE" && url.startsWith("/api/events/5/occurrences/")) {
        cancelled = decodeURIComponent(url.split("/").pop()!);
        return { status: 200, body: event() };
      }
      if (url === "/api/events/5")
        return {
          status: 200,
          body: event({
            repeat: "weekly",
            repeat_until: "2030-07-20",
            occurrences: dates.map((d) => ({ starts_at: d, ends_at: d, cancelled: d === cancelled })),
          }),
        };
      if (url.startsWith("/api/events/5/attendees")) return { status: 200, body: { attendees: [] } };
      return { status: 200, body: [] };
    });
    renderApp("/app/events/5", as({ role: "admin", timezone: "America/Santiago" }));
    const list = await screen.findByRole("region", { name: T.dates });
    expect(screen.getByText(T.repeats.weekly("Jul 20, 2030"))).toBeTruthy();
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    const second = within(list).getAllByRole("button", { name: /Cancel the gathering of/ })[1];
    fireEvent.click(second);
    fireEvent.click(await screen.findByRole("button", { name: T.cancelDate }));
    await waitFor(() => expect(cancelled).toBe(dates[1]));
    await waitFor(() => expect(within(list).getByText(T.cancelled)).toBeTruthy());
  });

  it("covers: on the list (lazy below the first card) and the page, their text the event's title", async () => {
    const cover = (id: number) => `/api/events/${id}/cover?v=abc${id}`;
    stubFetch((url) => {
      if (url.startsWith("/api/events?") && url.includes("order=asc"))
        return {
          status: 200,
          body: {
            events: [event({ cover_url: cover(5) }), event({ id: 6, title: "Sound bath", cover_url: cover(6) })],
            next_cursor: null,
          },
        };
      if (url === "/api/events/5") return { status: 200, body: event({ cover_url: cover(5) }) };
      if (url.startsWith("/api/events?")) return { status: 200, body: { events: [], next_cursor: null } };
      return { status: 200, body: [] };
    });
    const { router } = renderApp("/app/events", as());
    const upcoming = await screen.findByRole("region", { name: T.upcoming });
    const [first, second] = within(upcoming).getAllByRole("img");
    expect([first.getAttribute("alt"), first.getAttribute("src"), first.getAttribute("loading")]).toEqual([
      "Full moon circle",
      cover(5),
      "eager",
    ]);
    expect([second.getAttribute("alt"), second.getAttribute("loading")]).toEqual(["Sound bath", "lazy"]);
    await router.navigate("/app/events/5");
    const hero = await screen.findByRole("img", { name: "Full moon circle" });
    expect(hero.getAttribute("src")).toBe(cover(5));
    expect(hero.getAttribute("loading")).toBe("eager");
  });

  it("an admin's edit saves the gathering, then uploads the chosen cover", async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    stubFetch((url, init) => {
      const method = init?.method ?? "GET";
      if (method !== "GET") calls.push({ method, url, body: init?.body });
      if (url === "/api/events/5/cover") return { status: 200, body: event({ cover_url: "/api/events/5/cover?v=n" }) };
      if (url === "/api/events/5") return { status: 200, body: event() };
      if (url.startsWith("/api/events/5/attendees")) return { status: 200, body: { attendees: [] } };
      return { status: 200, body: [] };
    });
    renderApp("/app/events/5", as({ role: "admin" }));
    fireEvent.click(await screen.findByRole("button", { name: T.editEvent }));
    const dialog = await screen.findByRole("dialog", { name: T.editTitle });
    fireEvent.change(within(dialog).getByLabelText(T.cover.label), { target: { value: "upload" } });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "moon.png", { type: "image/png" });
    await userEvent.upload(within(dialog).getByLabelText(new RegExp(`^${T.cover.file}`)), file);
    fireEvent.click(within(dialog).getByRole("button", { name: T.form.save }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ["PUT", "/api/events/5"],
      ["PUT", "/api/events/5/cover"],
    ]);
    // The file goes as the form's `file` (jsdom cannot carry its bytes across; the Chromium e2e shows the image).
    expect(calls[1].body).toBeInstanceOf(FormData);
    expect((calls[1].body as FormData).has("file")).toBe(true);
  });

  it("a new gathering whose AI cover fails stays saved: the form says why and edits it from then on", async () => {
    const calls: string[] = [];
    stubFetch((url, init) => {
      const method = init?.method ?? "GET";
      if (method !== "GET") calls.push(`${method} ${url}`);
      if (url === "/api/ai/capabilities")
        return { status: 200, body: { images: { openai: true, gemini: false, straico: true }, text: {} } };
      if (method === "POST" && url === "/api/events") return { status: 201, body: event({ id: 9 }) };
      if (url === "/api/events/9/cover/generate")
        return { status: 503, body: { error: "OpenAI is not configured", code: "ai_not_configured" } };
      if (url === "/api/events/9") return { status: 200, body: event({ id: 9 }) };
      if (url.startsWith("/api/events?")) return { status: 200, body: { events: [], next_cursor: null } };
      return { status: 200, body: [] };
    });
    renderApp("/app/events", as({ role: "admin" }));
    fireEvent.click(await screen.findByRole("button", { name: T.newEvent }));
    const dialog = await screen.findByRole("dialog", { name: T.newEvent });
    fireEvent.input(within(dialog).getByLabelText(T.form.title), { target: { value: "Full moon circle" } });
    fireEvent.input(within(dialog).getByLabelText(T.form.start), { target: { value: "2030-07-06T20:00" } });
    fireEvent.input(within(dialog).getByLabelText(T.form.end), { target: { value: "2030-07-06T21:30" } });
    fireEvent.change(within(dialog).getByLabelText(T.cover.label), { target: { value: "generate" } });
    fireEvent.input(within(dialog).getByLabelText(T.cover.prompt), { target: { value: "A full moon" } });
    fireEvent.click(within(dialog).getByRole("button", { name: T.form.create }));
    await screen.findByText("OpenAI is not configured");
    expect(screen.getByRole("dialog", { name: T.editTitle })).toBeTruthy();
    expect(calls).toEqual(["POST /api/events", "POST /api/events/9/cover/generate"]);
    // Saving again edits the gathering just made: no second one.
    fireEvent.click(screen.getByRole("button", { name: T.form.save }));
    await waitFor(() => expect(calls.slice(2)).toEqual(["PUT /api/events/9", "POST /api/events/9/cover/generate"]));
  });
});
