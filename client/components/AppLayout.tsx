import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { SETTINGS_PATH } from "../../worker/shared/settings";
import { firstScreenShown } from "../first-load";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import { AdminBadge } from "./AdminBadge";
import { Avatar } from "./Avatar";
import { AvatarMenu } from "./AvatarMenu";
import { Icon } from "./Icon";
import { ICON_SHAPES } from "./icon-shapes";
import { LanguageSwitch } from "./LanguageSwitch";
import { NavLink } from "./links";
import { onDemand } from "./on-demand";
import { SearchButton } from "./SearchButton";
import { useDrawer } from "./useDrawer";

// The bell, the unread badge (and with them the live socket) and the push offer (it appears only after a
// meaningful action, client/notifications/push.ts) load once the first screen is shown (client/first-load.ts
// firstScreenShown): a first visit's screen does not wait for their code or share the network with their
// requests. The bell's and the offer's words come with their code.
const NotificationBell = onDemand(
  () => import("./NotificationBell").then((m) => m.NotificationBell),
  ["notifications"],
  firstScreenShown,
);
const PushOffer = onDemand(
  () => import("../notifications/PushOffer").then((m) => m.PushOffer),
  ["notificationSettings"],
  firstScreenShown,
);
const ChatUnreadBadge = onDemand(
  () => import("./ChatUnreadBadge").then((m) => m.ChatUnreadBadge),
  [],
  firstScreenShown,
);
// Only a muted member sees the banner: its code loads for them alone.
const MutedBanner = onDemand(() => import("../moderation/MutedBanner").then((m) => m.MutedBanner));

const NAV = [
  { to: "/app/lounge", name: "lounge", icon: ICON_SHAPES.sparkle },
  { to: "/app/chat", name: "chat", icon: ICON_SHAPES.moon },
  { to: "/app/resources", name: "resources", icon: ICON_SHAPES.gem },
  { to: "/app/events", name: "events", icon: ICON_SHAPES.calendar },
  { to: "/app/programs", name: "programs", icon: ICON_SHAPES.book },
  { to: "/app/profile", name: "profile", icon: ICON_SHAPES.person },
  { to: SETTINGS_PATH, name: "settings", icon: ICON_SHAPES.settings },
] as const;

/** The signed-in shell: the navigation sidebar, which becomes a drawer on small screens. */
export function AppLayout() {
  const { user, store } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const drawer = useDrawer<HTMLElement>();
  const closeDrawer = drawer.hide;

  // biome-ignore lint/correctness/useExhaustiveDependencies(location.pathname): navigating closes the drawer.
  useEffect(() => closeDrawer(), [location.pathname, closeDrawer]);

  const signOut = async () => {
    await store.logout();
    navigate("/", { replace: true });
  };

  // The guard let a user in; when the session ends meanwhile (signed out, or ended by the server over
  // a chat socket), the signed-out state is the landing page.
  if (!user) return <Navigate to="/" replace />;
  const isAdmin = user.role === "admin";
  return (
    <div className="shell">
      <a className="skip-link btn btn-sm" href="#main">
        {TEXT.common.skipToContent}
      </a>
      <header className="topbar">
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label={TEXT.nav.openNavigation}
          aria-expanded={drawer.open}
          aria-controls="sidebar"
          onClick={drawer.show}
        >
          <Icon shape={ICON_SHAPES.menu} size={20} weight={2.2} />
        </button>
        <span className="brand">
          <Icon shape={ICON_SHAPES.sparkle} /> {TEXT.common.brand}
        </span>
        <SearchButton />
        <NotificationBell />
        <AvatarMenu user={user} />
      </header>
      {drawer.open && <div className="drawer-backdrop" onClick={drawer.hide} aria-hidden="true" />}
      <nav
        id="sidebar"
        ref={drawer.ref}
        className={drawer.open ? "sidebar open" : "sidebar"}
        aria-label={TEXT.nav.main}
      >
        <NavLink to="/app/lounge" className="brand">
          <Icon shape={ICON_SHAPES.sparkle} /> {TEXT.common.brand}
        </NavLink>
        <div className="nav">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to}>
              <Icon shape={item.icon} /> {TEXT.nav[item.name]}
              {item.to === "/app/chat" && <ChatUnreadBadge />}
            </NavLink>
          ))}
          {isAdmin && (
            <NavLink to="/admin">
              <Icon shape={ICON_SHAPES.crown} /> {TEXT.nav.admin}
            </NavLink>
          )}
        </div>
        <div className="sidebar-user">
          <div className="who">
            <Avatar src={user?.avatar_url} name={user?.name} email={user?.email} size={44} />
            <div>
              <div className="name" data-testid="sidebar-name">
                {user?.name || DEFAULT_NAME}
              </div>
              <div className="faint">{isAdmin ? <AdminBadge label={TEXT.nav.admin} /> : TEXT.nav.member}</div>
            </div>
          </div>
          <LanguageSwitch />
          <button type="button" className="btn btn-sm" onClick={signOut}>
            {TEXT.nav.signOut}
          </button>
        </div>
      </nav>
      {/* The router's pending state: the next screen's data and code are on their way. */}
      {navigation.state !== "idle" && (
        <div className="route-progress" role="progressbar" aria-label={TEXT.common.loading} />
      )}
      <main id="main" className="main" tabIndex={-1} aria-busy={navigation.state === "loading"}>
        {user.muted_until && <MutedBanner />}
        <Outlet />
      </main>
      <PushOffer />
    </div>
  );
}
