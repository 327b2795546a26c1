// The app's routes and the one data layer (React Router's data APIs): every screen's data comes from
// its route `loader`, writes go through route `action`s (submitted by fetchers) after which the router
// loads the screen again, the guards (signed in, paid, admin) are loader steps that redirect, and
// pending and error states come from the router. A screen's code loads lazily while its loader runs;
// its action (client/<screen>/actions.ts) loads lazily too, out of the app's shell.
import { type ActionFunctionArgs, type RouteObject, redirect } from "react-router";
import { AUDIT_PAGE_PATH, adminLoader, auditPageLoader, skipAfterKeyTest } from "./admin/data";
import { authCallbackLoader } from "./auth-callback/data";
import { channelMembersLoader, chatLoader } from "./chat/data";
import { AppLayout } from "./components/AppLayout";
import { AI_CAPABILITIES_PATH, aiCapabilitiesLoader } from "./components/ai";
import { RouteError } from "./components/RouteError";
import { FullPageSpinner } from "./components/Spinner";
import { skipAfterFailure } from "./data/actions";
import { CALENDAR_FEED_PATH, eventLoader, eventsLoader } from "./events/data";
import { languageAction } from "./i18n/language-action";
import { LandingRoute } from "./landing/LandingRoute";
import { commentsLoader, loungeLoader, olderPostsLoader, skipAfterLikeOrDraft } from "./lounge/data";
import { keepMentions, MENTIONS_PATH, mentionsLoader } from "./mentions/data";
import { REPORT_PATH, reportAction } from "./moderation/data";
import {
  NOTIFICATIONS_PATH,
  notificationsAction,
  notificationsLoader,
  notificationsRevalidate,
} from "./notifications/data";
import { payReturnLoader } from "./pay-return/data";
import { PaymentProcessing } from "./pay-return/Processing";
import { pricingLoader, skipAfterPay } from "./pricing/data";
import { profileLoader, skipAfterAccountDeletion } from "./profile/data";
import {
  keepSummaryOnSearch,
  LIBRARY_ROUTE_ID,
  librarySummaryLoader,
  RESOURCES_PAGE_PATH,
  resourcesLoader,
  resourcesPageLoader,
} from "./resources/data";
import { lazyScreen, SCREENS } from "./screens";
import { keepSearch, SEARCH_PATH, searchLoader } from "./search/data";
import { guarded, requireAdmin, requirePaid, requireUser } from "./session/guards";
import type { SessionStore } from "./session/session-store";
import { TEXT } from "./text";

const loadEventsAction = () => import("./events/actions").then((m) => m.eventsAction);

export function createRoutes(session: SessionStore): RouteObject[] {
  return [
    {
      id: "root",
      HydrateFallback: FullPageSpinner,
      errorElement: <RouteError />,
      children: [
        {
          path: "/",
          loader: async () => ((await session.currentUser()) ? redirect("/app/lounge") : null),
          element: <LandingRoute session={session} />,
        },
        {
          path: "/pricing",
          loader: () => pricingLoader(session),
          shouldRevalidate: skipAfterPay,
          lazy: {
            ...lazyScreen(SCREENS["/pricing"]),
            action: () => import("./pricing/actions").then((m) => m.pricingAction),
          },
        },
        {
          path: "/auth/callback",
          loader: ({ request }) => authCallbackLoader(session, request),
          hydrateFallbackElement: <FullPageSpinner text={TEXT.session.completing} />,
        },
        { path: "/auth/dev", lazy: lazyScreen(SCREENS["/auth/dev"]) },
        {
          path: "/pay/return",
          loader: payReturnLoader,
          hydrateFallbackElement: <PaymentProcessing />,
          lazy: lazyScreen(SCREENS["/pay/return"]),
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
                  loader: loungeLoader,
                  shouldRevalidate: skipAfterLikeOrDraft,
                  lazy: {
                    ...lazyScreen(SCREENS["/app/lounge"]),
                    action: () => import("./lounge/actions").then((m) => m.loungeAction),
                  },
                },
                {
                  path: "/app/chat",
                  loader: chatLoader,
                  shouldRevalidate: skipAfterFailure,
                  lazy: {
                    ...lazyScreen(SCREENS["/app/chat"]),
                    action: () => import("./chat/actions").then((m) => m.chatAction),
                  },
                },
                {
                  id: LIBRARY_ROUTE_ID,
                  path: "/app/resources",
                  loader: () => guarded(requirePaid(session), librarySummaryLoader),
                  // The library's writes are submitted to /app/resources: the parent route's action.
                  lazy: { action: () => import("./resources/actions").then((m) => m.libraryAction) },
                  shouldRevalidate: keepSummaryOnSearch,
                  children: [
                    {
                      index: true,
                      loader: ({ request }) => resourcesLoader(request),
                      shouldRevalidate: skipAfterFailure,
                      lazy: lazyScreen(SCREENS["/app/resources"]),
                    },
                  ],
                },
                {
                  path: "/app/profile",
                  loader: profileLoader,
                  shouldRevalidate: skipAfterAccountDeletion,
                  lazy: {
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
                  loader: eventsLoader,
                  shouldRevalidate: skipAfterFailure,
                  lazy: { ...lazyScreen(SCREENS["/app/events"]), action: loadEventsAction },
                },
                {
                  path: "/app/events/:id",
                  loader: (args) => eventLoader(session, args),
                  shouldRevalidate: skipAfterFailure,
                  lazy: { ...lazyScreen(SCREENS["/app/events/:id"]), action: loadEventsAction },
                },
                {
                  path: "/admin",
                  loader: () => guarded(requireAdmin(session), adminLoader),
                  shouldRevalidate: skipAfterKeyTest,
                  lazy: {
                    ...lazyScreen(SCREENS["/admin"]),
                    action: () => import("./admin/actions").then((m) => m.adminAction),
                  },
                },
              ],
            },
          ],
        },
        // Data-only routes, loaded by fetchers (pages of a list, a dialog's data); nothing to render.
        { path: "/data/posts", loader: olderPostsLoader, shouldRevalidate: skipAfterLikeOrDraft },
        { path: "/data/posts/:id/comments", loader: commentsLoader, shouldRevalidate: skipAfterLikeOrDraft },
        { path: AUDIT_PAGE_PATH, loader: auditPageLoader },
        { path: "/data/channels/:id/members", loader: channelMembersLoader, shouldRevalidate: skipAfterFailure },
        // Data-only write: a report, filed from the lounge or the chat.
        { path: REPORT_PATH, action: reportAction },
        { path: SEARCH_PATH, loader: searchLoader, shouldRevalidate: keepSearch },
        { path: MENTIONS_PATH, loader: mentionsLoader, shouldRevalidate: keepMentions },
        {
          path: NOTIFICATIONS_PATH,
          loader: notificationsLoader,
          action: notificationsAction,
          shouldRevalidate: notificationsRevalidate,
        },
        { path: RESOURCES_PAGE_PATH, loader: resourcesPageLoader },
        // Data-only write: the profile's calendar link (its action loads with the events' actions).
        {
          path: CALENDAR_FEED_PATH,
          lazy: { action: () => import("./events/actions").then((m) => m.calendarFeedAction) },
        },
        // What the AI can generate does not change with the app's writes: loaded when an image form opens.
        { path: AI_CAPABILITIES_PATH, loader: aiCapabilitiesLoader, shouldRevalidate: () => false },
        { path: "/data/language", action: (args) => languageAction(session, args) },
        { path: "*", lazy: lazyScreen(SCREENS.notFound) },
      ],
    },
  ];
}
