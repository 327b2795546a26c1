// The member's settings (/app/settings): the list of sections beside the open one on a wide screen; on a phone the
// list alone at /app/settings, then the section alone (with its way back). Each section is a route of its own
// (client/router.tsx), loading its code, words and data when opened.
import { Outlet, useMatch, useNavigation } from "react-router";
import { SETTINGS_PATH, SETTINGS_SECTIONS, settingsPath } from "../../worker/shared/settings";
import { NavLink } from "../components/links";
import { PageTitle } from "../components/PageTitle";
import { Spinner } from "../components/Spinner";
import { TEXT } from "../text";
import "./settings.css";

export default function SettingsPage() {
  const atList = useMatch(SETTINGS_PATH) !== null;
  const navigation = useNavigation();
  // Another section on its way: its place shows that it loads, the list stays usable.
  const next = navigation.location?.pathname;
  const opening = navigation.state === "loading" && next?.startsWith(`${SETTINGS_PATH}/`) === true;
  return (
    <div className={`page-wide settings ${atList ? "settings-at-list" : "settings-at-section"}`}>
      <h1>{TEXT.settings.title}</h1>
      <div className="settings-layout">
        <nav className="settings-nav" aria-label={TEXT.settings.sectionsLabel}>
          <ul>
            {SETTINGS_SECTIONS.map((section) => (
              <li key={section}>
                <NavLink to={settingsPath(section)}>
                  <strong>{TEXT.settings.sections[section].name}</strong>
                  <span className="faint">{TEXT.settings.sections[section].hint}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-content">
          {opening ? (
            <div className="settings-loading">
              <Spinner label={TEXT.settings.loadingSection} />
            </div>
          ) : atList ? (
            <>
              <PageTitle screen={TEXT.settings.title} />
              <p className="muted settings-choose">{TEXT.settings.choose}</p>
            </>
          ) : (
            <Outlet />
          )}
        </div>
      </div>
    </div>
  );
}
