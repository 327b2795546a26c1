// Programs' screens in jsdom: a program's lessons (done, open, and the time a locked one opens, in the member's
// zone), enrolling (the request), the lesson page's "next opens" line, and the certificate PDF read back with the
// member's name as written.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { loadWords } from "../../client/i18n/language";
import { certificatePdf } from "../../client/programs/certificate";
import { TEXT } from "../../client/text";
import type { LessonDto, LessonSummaryDto, ProgramDto } from "../../worker/shared/programs";
import type { SearchResult } from "../../worker/shared/search";
import { pdfText } from "../pdf-text";
import { servePdfFont } from "./pdf-font";
import { eventFixture, renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

const program = (patch: Partial<ProgramDto> = {}): ProgramDto => ({
  id: 5,
  title: "21 days of calm",
  summary: "Three minutes a day",
  cover_url: null,
  paid_only: false,
  unlock: "daily",
  time_zone: "America/Santiago",
  starts_on: null,
  published: true,
  lesson_count: 3,
  enrolled: true,
  started_at: new Date().toISOString(),
  done_count: 1,
  finished_at: null,
  channel_id: null,
  ...patch,
});

/** 06:00 tomorrow in Santiago, as an instant (the offset that day, read from the runtime's tz data). */
function tomorrowSixInSantiago(): string {
  const day = new Intl.DateTimeFormat("sv-SE", { timeZone: "America/Santiago" }).format(Date.now() + 864e5);
  for (const offset of [-3, -4]) {
    const at = new Date(`${day}T06:00:00${offset === -3 ? "-03:00" : "-04:00"}`);
    const hour = new Intl.DateTimeFormat("en-GB", { timeZone: "America/Santiago", hour: "2-digit" }).format(at);
    if (hour === "06") return at.toISOString();
  }
  throw new Error("no 06:00");
}

const lesson = (id: number, patch: Partial<LessonSummaryDto>): LessonSummaryDto => ({
  id,
  title: `Lesson ${id}`,
  position: id,
  opens_on: null,
  opens_at: null,
  open: true,
  done: false,
  media: { kind: "audio", duration_seconds: 8 },
  ...patch,
});

const LESSONS = [
  lesson(1, { title: "Arriving", done: true }),
  lesson(2, { title: "Breathing" }),
  lesson(3, { title: "Letting go", open: false, opens_at: tomorrowSixInSantiago() }),
];

const LESSON_2: LessonDto = {
  ...LESSONS[1],
  program_id: 5,
  program_title: "21 days of calm",
  body: "Count four in",
  body_html: "<p>Count <strong>four</strong> in</p>",
  media_url: "/api/lessons/2/media?v=abc",
  position_seconds: 0,
  previous_id: 1,
  next_id: 3,
};
/** The API of the lesson page of lesson 2 (undefined: not one of its requests). */
const lessonTwoApi = (url: string) => {
  if (url === "/api/lessons/2") return { status: 200, body: { lesson: LESSON_2 } };
  if (url === "/api/programs/5") return { status: 200, body: { program: program() } };
  if (url === "/api/programs/5/lessons") return { status: 200, body: { lessons: LESSONS } };
  return undefined;
};

const member = sessionDeps({ getMe: async () => reply(200, userFixture({ timezone: "America/Santiago" })) });

describe("programs", () => {
  it("a program's lessons: done, open, and the locked one's opening time in the member's zone; continue", async () => {
    stubFetch((url) => {
      if (url === "/api/programs/5") return { status: 200, body: { program: program() } };
      if (url === "/api/programs/5/lessons") return { status: 200, body: { lessons: LESSONS } };
      return undefined;
    });
    renderApp("/app/programs/5", member);
    await screen.findByRole("heading", { name: "21 days of calm", level: 1 });
    expect(screen.getByText("Done")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Breathing" })).toBeTruthy();
    // Locked: its title as text, no link, and when it opens.
    expect(screen.queryByRole("link", { name: "Letting go" })).toBeNull();
    expect(screen.getByText(/Opens tomorrow at 6:00/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Continue" }).getAttribute("href")).toBe("/app/programs/5/lessons/2");
    expect(screen.getByRole("progressbar", { name: "Your progress" }).getAttribute("value")).toBe("33");
  });

  it("covers: on the list (sized, lazy after the first) and on the program page, with the title as their text", async () => {
    const COVER = "/api/programs/5/cover?v=abc";
    stubFetch((url) => {
      if (url === "/api/programs" || url.startsWith("/api/programs?"))
        return {
          status: 200,
          body: { programs: [program({ id: 4, title: "First" }), program({ cover_url: COVER })], next_before: null },
        };
      if (url.startsWith("/api/practice"))
        return {
          status: 200,
          body: { entries: [], total_minutes: 0, streak_days: 0, weekly_goal_minutes: 70, week_minutes: 0 },
        };
      if (url === "/api/programs/5") return { status: 200, body: { program: program({ cover_url: COVER }) } };
      if (url === "/api/programs/5/lessons") return { status: 200, body: { lessons: LESSONS } };
      return undefined;
    });
    const list = renderApp("/app/programs", member);
    const listed = await screen.findByRole("img", { name: "21 days of calm" });
    expect(listed.getAttribute("src")).toBe(COVER);
    expect([listed.getAttribute("width"), listed.getAttribute("height")]).toEqual(["1600", "900"]);
    expect(listed.getAttribute("loading")).toBe("lazy");
    // The program without a cover shows none.
    expect(screen.queryByRole("img", { name: "First" })).toBeNull();
    list.unmount();

    renderApp("/app/programs/5", member);
    await screen.findByRole("heading", { name: "21 days of calm", level: 1 });
    const cover = screen.getByRole("img", { name: "21 days of calm" });
    expect(cover.getAttribute("src")).toBe(COVER);
    expect(cover.getAttribute("loading")).toBe("eager");
  });

  it("the program page lists the cohort's upcoming events, each a link to its page", async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith("/api/events?"))
        return {
          status: 200,
          body: { events: [eventFixture({ id: 7, title: "Cohort circle", program_id: 5 })], next_cursor: null },
        };
      return lessonTwoApi(url);
    });
    renderApp("/app/programs/5", member);
    const section = await screen.findByRole("region", { name: TEXT.programs.eventsHeading });
    expect(within(section).getByRole("link", { name: "Cohort circle" }).getAttribute("href")).toBe("/app/events/7");
    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), "http://x"))
      .find((u) => u.pathname === "/api/events");
    expect(asked?.searchParams.get("program")).toBe("5");
    expect(Date.parse(asked?.searchParams.get("from") ?? "")).toBeLessThanOrEqual(Date.now());
  });

  it("enrolling posts to the program and shows its first lesson to start", async () => {
    let enrolled = false;
    const fetchMock = stubFetch((url, init) => {
      if (url === "/api/programs/5/enrol" && init?.method === "POST") {
        enrolled = true;
        return { status: 200, body: { enrolled: true, started_at: new Date().toISOString() } };
      }
      if (url === "/api/programs/5")
        return { status: 200, body: { program: program({ enrolled, done_count: 0, started_at: null }) } };
      if (url === "/api/programs/5/lessons")
        return { status: 200, body: { lessons: LESSONS.map((l) => ({ ...l, done: false })) } };
      return undefined;
    });
    renderApp("/app/programs/5", member);
    await userEvent.click(await screen.findByRole("button", { name: "Start the program" }));
    await screen.findByRole("link", { name: "Start" });
    expect(
      fetchMock.mock.calls.some(([u, i]) => String(u).endsWith("/api/programs/5/enrol") && i?.method === "POST"),
    ).toBe(true);
  });

  it("the lesson page: sanitised text, mark as done, and when the next lesson opens", async () => {
    stubFetch(lessonTwoApi);
    renderApp("/app/programs/5/lessons/2", member);
    await screen.findByRole("heading", { name: "Breathing", level: 1 });
    expect(screen.getByText("four").tagName).toBe("STRONG");
    expect(screen.getByRole("button", { name: "Mark as done" })).toBeTruthy();
    expect(screen.getByTestId("next-opens").textContent).toMatch(/^Next: Letting go\. Opens tomorrow at 6:00/);
    expect(screen.getByRole("link", { name: "Previous lesson" }).getAttribute("href")).toBe(
      "/app/programs/5/lessons/1",
    );
  });

  it("the app's search finds lessons (a locked one by its title, no text) and a result opens the lesson page", async () => {
    const hit = (patch: Partial<SearchResult>): SearchResult => ({
      kind: "lesson",
      id: 2,
      title: "Breathing",
      snippet: "Count <mark>four</mark> in",
      created_at: new Date().toISOString(),
      url: "/app/programs/5/lessons/2",
      ...patch,
    });
    stubFetch((url) => {
      if (url.startsWith("/api/search?"))
        return {
          status: 200,
          body: {
            results: [hit({}), hit({ id: 3, title: "Letting go", snippet: "", url: "/app/programs/5/lessons/3" })],
          },
        };
      return lessonTwoApi(url);
    });
    const { router } = renderApp("/app/programs/5", member);
    await screen.findByRole("heading", { name: "21 days of calm", level: 1 });
    const user = userEvent.setup();
    fireEvent.keyDown(document, { key: "k", ctrlKey: true });
    const dialog = await screen.findByRole("dialog", { name: TEXT.searchDialog.title });
    await user.type(within(dialog).getByRole("combobox"), "four");
    const listbox = await within(dialog).findByRole("listbox", { name: TEXT.searchDialog.results });
    await waitFor(() => expect(within(listbox).getAllByRole("option")).toHaveLength(2));
    const [open, locked] = within(listbox).getAllByRole("option");
    expect(open.textContent).toContain(`${TEXT.searchDialog.kindOne.lesson}: `);
    expect(locked.textContent).toContain("Letting go");
    await user.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/programs/5/lessons/2"));
    await screen.findByRole("heading", { name: "Breathing", level: 1 });
  });

  it("the certificate PDF reads back with the member's name as written", async () => {
    await loadWords(["programs"]);
    servePdfFont();
    const text = await pdfText(
      await certificatePdf({
        memberName: "Łucja Ñuñoa",
        programTitle: "21 días de calma",
        finishedAt: "2027-04-03T12:00:00Z",
      }),
    );
    expect(text).toContain(TEXT.programs.certificateTitle);
    expect(text).toContain("This certifies that Łucja Ñuñoa");
    expect(text).toContain("21 días de calma");
    expect(text).toContain("2027");
  });
});
