// The app's routes and the one data layer (React Router's data APIs): every screen's data comes from
// its route `loader`, writes go through route `action`s (submitted by fetchers) after which the router
// loads the screen again, the guards (signed in, paid, admin) are loader steps that redirect, and
// pending and error states come from the router. A screen's code loads lazily while its loader runs;
// its action (client/<screen>/actions.ts) loads lazily too, out of the app's shell.
import { useEffect } from "react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, Outlet, type RouteObject, redirect } from "react-router";
import { SETTINGS_PATH, type SettingsSection, settingsPath } from "../worker/shared/settings";
import { AppLayout } from "./components/AppLayout";
import { RouteError } from "./components/RouteError";
import { FullPageSpinner } from "./components/Spinner";
import {
  AI_CAPABILITIES_PATH,
  AUDIT_PAGE_PATH,
  CALENDAR_FEED_PATH,
  LIBRARY_ROUTE_ID,
  MENTIONS_PATH,
  NOTIFICATIONS_PATH,
  REPORT_PATH,
  RESOURCES_PAGE_PATH,
  SEARCH_PATH,
} from "./data-paths";
import { screenRendered } from "./first-load";
import { loadWords } from "./i18n/language";
import type { WordGroup } from "./i18n/word-groups";
import { PaymentProcessing } from "./pay-return/Processing";
import { lazyScreen, SCREENS } from "./screens";
import { guarded, requireAdmin, requirePaid, requireUser } from "./session/guards";
import type { SessionStore } from "./session/session-store";
import { TEXT } from "./text";

/**
 * Loaders and `shouldRevalidate`s load with their screen (each `data.ts` goes in its screen's chunk or
 * beside it), not in the app's shell: `lazy` with the module and the export to take from it, and the
 * words its error texts come from.
 */
const load =
  <M, K extends keyof M>(module: () => Promise<M>, name: K, words: readonly WordGroup[] = []) =>
  () =>
    Promise.all([module(), loadWords(words)]).then(([m]) => m[name]);
const admin = () => import("./admin/data");
const chat = () => import("./chat/data");
const events = () => import("./events/data");
const lounge = () => import("./lounge/data");
const resources = () => import("./resources/data");
const loadEventsAction = () => import("./events/actions").then((m) => m.eventsAction);
const programs = () => import("./programs/data");
const loadProgramsAction = () => import("./programs/actions").then((m) => m.programsAction);

/**
 * A section of the settings (/app/settings/<section>): its screen (code and words, client/screens.ts) and, from its
 * `data` module, its loader, action and shouldRevalidate where it has them.
 */
function settingsSection<M>(
  section: SettingsSection,
  data: () => Promise<M>,
  names: { loader?: keyof M; action?: keyof M; shouldRevalidate?: keyof M },
): RouteObject {
  const screen = SCREENS[settingsPath(section)];
  return {
    path: settingsPath(section),
    lazy: {
      ...(names.loader && { loader: load(data, names.loader, screen.words) }),
      ...(names.action && { action: load(data, names.action, screen.words) }),
      ...(names.shouldRevalidate && { shouldRevalidate: load(data, names.shouldRevalidate) }),
      ...lazyScreen(screen),
    },
  } as RouteObject;
}

/** The root route: every screen inside it, or the error that took its place; it tells when the first is shown. */
function Root({ error = false }: { error?: boolean }) {
  useEffect(() => {
    screenRendered();
  }, []);
  return error ? <RouteError /> : <Outlet />;
}

export function createRoutes(session: SessionStore): RouteObject[] {
  return [
    {
      id: "root",
      HydrateFallback: FullPageSpinner,
      Component: Root,
      errorElement: <Root error />,
      children: [
        {
          path: "/",
          loader: async () => ((await session.currentUser()) ? redirect("/app/lounge") : null),
          lazy: {
            // biome-ignore lint/correctness/noComponentHookFactories: React Router's lazy() loader, not a component.
            Component: () =>
              Promise.all([import("./landing/LandingRoute"), loadWords(["landing"])]).then(
                ([{ LandingRoute }]) =>
                  // biome-ignore lint/correctness/noComponentHookFactories: made once, as the route's lazy() resolves.
                  function Landing() {
                    return <LandingRoute session={session} />;
                  },
              ),
          },
        },
        {
          path: "/pricing",
          lazy: {
            loader: () => import("./pricing/data").then((m) => () => m.pricingLoader(session)),
            shouldRevalidate: load(() => import("./pricing/data"), "skipAfterPay"),
            ...lazyScreen(SCREENS["/pricing"]),
            action: () => import("./pricing/actions").then((m) => m.pricingAction),
          },
        },
        {
          path: "/auth/callback",
          lazy: {
            loader: () =>
              import("./auth-callback/data").then(
                (m) =>
                  ({ request }: { request: Request }) =>
                    m.authCallbackLoader(session, request),
              ),
          },
          hydrateFallbackElement: <FullPageSpinner text={TEXT.session.completing} />,
        },
        { path: "/auth/dev", lazy: lazyScreen(SCREENS["/auth/dev"]) },
        {
          // The gift email's link: signs in, then redeems.
          path: "/gift",
          lazy: {
            loader: () => import("./payments/gift-data").then((m) => () => m.giftLoader(session)),
            ...lazyScreen(SCREENS["/gift"]),
          },
        },
        {
          path: "/pay/return",
          hydrateFallbackElement: <PaymentProcessing />,
          lazy: {
            loader: load(() => import("./pay-return/data"), "payReturnLoader"),
            ...lazyScreen(SCREENS["/pay/return"]),
          },
        },
        {
          id: "app",
          loader: () => requireUser(session),
          Component: AppLayout,
          children: [
            {
              // Inside the shell, so a screen that fails to load keeps the navigation around it.
              errorElement: <RouteError />,
              children: [
                {
                  path: "/app/lounge",
                  lazy: {
                    loader: load(lounge, "loungeLoader"),
                    shouldRevalidate: load(lounge, "skipAfterLikeOrDraft"),
                    ...lazyScreen(SCREENS["/app/lounge"]),
                    action: () => import("./lounge/actions").then((m) => m.loungeAction),
                  },
                },
                {
                  path: "/app/chat",
                  lazy: {
                    loader: load(chat, "chatLoader"),
                    shouldRevalidate: load(() => import("./data/actions"), "skipAfterFailure"),
                    ...lazyScreen(SCREENS["/app/chat"]),
                    action: () => import("./chat/actions").then((m) => m.chatAction),
                  },
                },
                {
                  id: LIBRARY_ROUTE_ID,
                  path: "/app/resources",
                  lazy: {
                    loader: () => resources().then((m) => () => guarded(requirePaid(session), m.librarySummaryLoader)),
                    shouldRevalidate: load(resources, "keepSummaryOnSearch"),
                    // The library's writes are submitted to /app/resources: the parent route's action.
                    action: () => import("./resources/actions").then((m) => m.libraryAction),
                  },
                  children: [
                    {
                      index: true,
                      lazy: {
                        loader: () =>
                          resources().then(
                            (m) =>
                              ({ request }: { request: Request }) =>
                                m.resourcesLoader(request),
                          ),
                        shouldRevalidate: load(() => import("./data/actions"), "skipAfterFailure"),
                        ...lazyScreen(SCREENS["/app/resources"]),
                      },
                    },
                  ],
                },
                {
                  path: "/app/profile",
                  lazy: {
                    loader: load(() => import("./profile/data"), "profileLoader", SCREENS["/app/profile"].words),
                    shouldRevalidate: load(() => import("./data/actions"), "skipAfterFailure"),
                    ...lazyScreen(SCREENS["/app/profile"]),
                    // Its action refreshes the session store after a name change.
                    action: () =>
                      import("./profile/actions").then(
                        (m) => (args: ActionFunctionArgs) => m.profileAction(session, args),
                      ),
                  },
                },
                {
                  path: "/app/events",
                  lazy: {
                    loader: load(events, "eventsLoader", SCREENS["/app/events"].words),
                    shouldRevalidate: load(() => import("./data/actions"), "skipAfterFailure"),
                    ...lazyScreen(SCREENS["/app/events"]),
                    action: loadEventsAction,
                  },
                },
                {
                  path: "/app/events/:id",
                  lazy: {
                    loader: () =>
                      Promise.all([events(), loadWords(SCREENS["/app/events/:id"].words)]).then(
                        ([m]) =>
                          (args: LoaderFunctionArgs) =>
                            m.eventLoader(session, args),
                      ),
                    shouldRevalidate: load(() => import("./data/actions"), "skipAfterFailure"),
                    ...lazyScreen(SCREENS["/app/events/:id"]),
                    action: loadEventsAction,
                  },
                },
                {
                  path: "/app/programs",
                  lazy: {
                    loader: load(programs, "programsLoader", SCREENS["/app/programs"].words),
                    shouldRevalidate: load(() => import("./data/actions"), "skipAfterFailure"),
                    ...lazyScreen(SCREENS["/app/programs"]),
                    action: loadProgramsAction,
                  },
                },
                {
                  path: "/app/programs/:id",
                  lazy: {
                    loader: () =>
                      Promise.all([programs(), loadWords(SCREENS["/app/programs/:id"].words)]).then(
                        ([m]) =>
                          (args: LoaderFunctionArgs) =>
                            m.programLoader(session, args),
                      ),
                    shouldRevalidate: load(() => import("./data/actions"), "skipAfterFailure"),
                    ...lazyScreen(SCREENS["/app/programs/:id"]),
                    action: loadProgramsAction,
                  },
                },
                {
                  path: "/app/programs/:id/lessons/:lessonId",
                  lazy: {
                    loader: load(programs, "lessonLoader", SCREENS["/app/programs/:id/lessons/:lessonId"].words),
                    shouldRevalidate: load(() => import("./data/actions"), "skipAfterFailure"),
                    ...lazyScreen(SCREENS["/app/programs/:id/lessons/:lessonId"]),
                    action: loadProgramsAction,
                  },
                },
                {
                  path: "/admin",
                  lazy: {
                    loader: () =>
                      Promise.all([admin(), loadWords(SCREENS["/admin"].words)]).then(
                        ([m]) =>
                          () =>
                            guarded(requireAdmin(session), m.adminLoader),
                      ),
                    shouldRevalidate: load(admin, "skipAfterKeyTest"),
                    ...lazyScreen(SCREENS["/admin"]),
                    action: () => import("./admin/actions").then((m) => m.adminAction),
                  },
                },
                {
                  // The member's settings: the list of sections, each section a route of its own.
                  path: SETTINGS_PATH,
                  lazy: lazyScreen(SCREENS[SETTINGS_PATH]),
                  children: [
                    {
                      errorElement: <RouteError />,
                      children: [
                        settingsSection("notifications", () => import("./settings/notifications/data"), {
                          loader: "notificationSettingsLoader",
                          action: "notificationSettingsAction",
                        }),
                        settingsSection("membership", () => import("./settings/membership/data"), {
                          loader: "membershipSettingsLoader",
                          action: "membershipSettingsAction",
                        }),
                        settingsSection("privacy", () => import("./settings/privacy/data"), {
                          loader: "privacySettingsLoader",
                          action: "privacySettingsAction",
                        }),
                        settingsSection("devices", () => import("./settings/devices/data"), {
                          loader: "devicesSettingsLoader",
                          action: "devicesSettingsAction",
                        }),
                        settingsSection("calendar", () => import("./settings/calendar/data"), {
                          loader: "calendarSettingsLoader",
                        }),
                        settingsSection("data", () => import("./settings/data/data"), {
                          action: "dataSettingsAction",
                          shouldRevalidate: "skipAfterAccountDeletion",
                        }),
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        // Data-only routes, loaded by fetchers (pages of a list, a dialog's data); nothing to render.
        {
          path: "/data/posts",
          lazy: { loader: load(lounge, "olderPostsLoader"), shouldRevalidate: load(lounge, "skipAfterLikeOrDraft") },
        },
        {
          path: "/data/posts/:id/comments",
          lazy: { loader: load(lounge, "commentsLoader"), shouldRevalidate: load(lounge, "skipAfterLikeOrDraft") },
        },
        { path: AUDIT_PAGE_PATH, lazy: { loader: load(admin, "auditPageLoader", SCREENS["/admin"].words) } },
        {
          path: "/data/channels/:id/members",
          lazy: {
            loader: load(chat, "channelMembersLoader"),
            shouldRevalidate: load(() => import("./data/actions"), "skipAfterFailure"),
          },
        },
        // Data-only write: a report, filed from the lounge or the chat.
        { path: REPORT_PATH, lazy: { action: load(() => import("./moderation/data"), "reportAction") } },
        // The search dialog and the mention list are loaded again only when asked.
        {
          path: SEARCH_PATH,
          lazy: { loader: load(() => import("./search/data"), "searchLoader") },
          shouldRevalidate: () => false,
        },
        {
          path: MENTIONS_PATH,
          lazy: { loader: load(() => import("./mentions/data"), "mentionsLoader") },
          shouldRevalidate: () => false,
        },
        {
          path: NOTIFICATIONS_PATH,
          lazy: {
            loader: load(() => import("./notifications/data"), "notificationsLoader", ["notifications"]),
            action: load(() => import("./notifications/data"), "notificationsAction", ["notifications"]),
            shouldRevalidate: load(() => import("./notifications/data"), "notificationsRevalidate"),
          },
        },
        { path: RESOURCES_PAGE_PATH, lazy: { loader: load(resources, "resourcesPageLoader") } },
        // Data-only write: the profile's calendar link (its action loads with the events' actions).
        {
          path: CALENDAR_FEED_PATH,
          lazy: { action: () => import("./events/actions").then((m) => m.calendarFeedAction) },
        },
        // What the AI can generate does not change with the app's writes: loaded when an image form opens.
        {
          path: AI_CAPABILITIES_PATH,
          lazy: { loader: load(() => import("./components/ai"), "aiCapabilitiesLoader") },
          shouldRevalidate: () => false,
        },
        {
          path: "/data/language",
          lazy: {
            action: () =>
              import("./i18n/language-action").then(
                (m) => (args: ActionFunctionArgs) => m.languageAction(session, args),
              ),
          },
        },
        { path: "*", lazy: lazyScreen(SCREENS.notFound) },
      ],
    },
  ];
}
