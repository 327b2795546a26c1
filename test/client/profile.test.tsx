import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../client/i18n/language";
import { words as es } from "../../client/profile/words.es";
import { TEXT } from "../../client/text";
import { TEXTS } from "../../worker/shared/texts";
import {
  membershipStatus,
  profileReadsAnswer as notifySettings,
  renderApp,
  reply,
  sessionDeps,
  stubFetch,
  userFixture,
} from "./render";

const session = () => sessionDeps({ getMe: async () => reply(200, userFixture()) });
/** The profile's automatic-renewal card reads the membership status. */
const MEMBERSHIP_STATUS = {
  status: 200,
  body: membershipStatus({ status: "active", next_payment_due: "2026-12-01T00:00:00.000Z" }),
};

describe("profile screen", () => {
  it("shows the user with the name and timezone fallbacks, the goals and the Cosmic Activity tiles", async () => {
    stubFetch((url) =>
      url === "/api/profile"
        ? {
            status: 200,
            body: {
              user: userFixture({ name: null, timezone: null }),
              profile: { goals: '["Breathe"]', interests: "[]", socials: "{}" },
            },
          }
        : url === "/api/membership/status"
          ? MEMBERSHIP_STATUS
          : (notifySettings(url) ?? { status: 200, body: [] }),
    );
    renderApp("/app/profile", session());
    expect(await screen.findByTestId("profile-name")).toHaveProperty("textContent", "Cosmic Soul");
    expect(screen.getByText(TEXTS.profile.notSet)).toBeTruthy();
    expect(screen.getByText("luna@example.com")).toBeTruthy();
    expect(within(screen.getByTestId("goal-list")).getByText("Breathe")).toBeTruthy();
    expect(screen.getByRole("heading", { name: TEXT.profile.activityTitle })).toBeTruthy();
  });

  it("says 'Profile not found' when the profile cannot be loaded", async () => {
    stubFetch(() => ({ status: 500, body: { error: "boom" } }));
    renderApp("/app/profile", session());
    expect(await screen.findByText(TEXTS.profile.notFound)).toBeTruthy();
  });

  it("saves goals and interests JSON-encoded and leaves edit mode only when the save succeeded", async () => {
    let profile = { goals: '["Breathe"]', interests: "[]", socials: "{}" };
    let putStatus = 500;
    const puts: unknown[] = [];
    stubFetch((url, init) => {
      if (url === "/api/profile" && init?.method === "PUT") {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        if (putStatus !== 200) return { status: putStatus, body: { error: "goals: At most 20 entries" } };
        profile = body;
        return { status: 200, body: { user: userFixture(), profile } };
      }
      if (url === "/api/profile") return { status: 200, body: { user: userFixture(), profile } };
      if (url === "/api/membership/status") return MEMBERSHIP_STATUS;
      return notifySettings(url) ?? { status: 200, body: [] };
    });
    renderApp("/app/profile", session());
    fireEvent.click(await screen.findByRole("button", { name: TEXT.profile.edit }));
    // The edit mode's fields load when Edit is chosen.
    fireEvent.input(await screen.findByLabelText(TEXT.profile.goals.entryLabel(1)), {
      target: { value: "Breathe deeply" },
    });
    fireEvent.input(screen.getByLabelText(TEXT.profile.interests.newLabel), { target: { value: "Tarot" } });
    fireEvent.click(screen.getByRole("button", { name: TEXT.profile.interests.add }));
    fireEvent.click(screen.getByRole("button", { name: TEXT.profile.save }));
    await waitFor(() => expect(screen.getByText("goals: At most 20 entries")).toBeTruthy());
    expect(screen.getByRole("button", { name: TEXT.profile.save })).toBeTruthy();

    putStatus = 200;
    fireEvent.click(screen.getByRole("button", { name: TEXT.profile.save }));
    await waitFor(() => expect(screen.getByRole("button", { name: TEXT.profile.edit })).toBeTruthy());
    expect(puts[1]).toEqual({ goals: '["Breathe deeply"]', interests: '["Tarot"]', socials: "{}" });
    await waitFor(() => expect(within(screen.getByTestId("interest-list")).getByText("Tarot")).toBeTruthy());
  });

  describe("in Spanish", () => {
    afterEach(() => setLanguage("en"));

    it(`every word of the page comes from the Spanish catalogue, the goals' and interests' editors \
included`, async () => {
      await setLanguage("es");
      stubFetch((url) =>
        url === "/api/profile"
          ? {
              status: 200,
              body: {
                user: userFixture({ role: "member" }),
                profile: { goals: '["Respirar"]', interests: "[]", socials: "{}" },
              },
            }
          : url === "/api/membership/status"
            ? MEMBERSHIP_STATUS
            : (notifySettings(url) ?? { status: 200, body: [] }),
      );
      renderApp("/app/profile", session());
      expect(await screen.findByRole("heading", { level: 1, name: es.profile.title })).toBeTruthy();
      // The profile is who the member is: the settings have their own screen.
      expect(within(screen.getByRole("main")).getByRole("link", { name: "Ajustes" })).toBeTruthy();
      expect(screen.getByRole("heading", { name: es.profile.activityTitle })).toBeTruthy();
      expect(screen.getByText(es.profile.activity.grow.title)).toBeTruthy();
      expect(screen.getByText(es.profile.interests.empty)).toBeTruthy();
      expect(screen.getByText(es.profile.memberSince)).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: es.profile.edit }));
      expect(await screen.findByLabelText(es.profile.nameLabel)).toBeTruthy();
      expect(screen.getByLabelText(es.profile.goals.entryLabel(1))).toHaveProperty("value", "Respirar");
      expect(screen.getByRole("button", { name: es.profile.goals.remove("Respirar") })).toBeTruthy();
      expect(screen.getByRole("button", { name: es.profile.interests.add })).toBeTruthy();
      expect(screen.getByRole("button", { name: es.profile.save })).toBeTruthy();
      expect(
        screen.queryByText(/Edit Profile|Cosmic Activity|Member since|Add (a|an) |Renew automatically/),
      ).toBeNull();
    });
  });
});
