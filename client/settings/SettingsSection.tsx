// One section of the settings: a landmark named by its heading, which takes the focus when the section opens (a
// screen reader hears where it arrived; the keyboard goes on from there), with the way back to the list of sections
// that a phone shows instead of the list beside it.
import { type ReactNode, useEffect, useRef } from "react";
import { SETTINGS_PATH, type SettingsSection as Section } from "../../worker/shared/settings";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Link } from "../components/links";
import { PageTitle } from "../components/PageTitle";
import { TEXT } from "../text";

export function SettingsSection({ section, children }: { section: Section; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: false });
  }, []);
  const name = TEXT.settings.sections[section].name;
  const id = `settings-${section}-title`;
  return (
    <section className="settings-section stack" aria-labelledby={id} data-testid={`settings-${section}`}>
      <PageTitle screen={`${name} · ${TEXT.settings.title}`} />
      <Link to={SETTINGS_PATH} className="settings-back btn btn-ghost btn-sm">
        <Icon shape={ICON_SHAPES.back} /> {TEXT.settings.back}
      </Link>
      <h2 id={id} ref={heading} tabIndex={-1}>
        {name}
      </h2>
      {children}
    </section>
  );
}
