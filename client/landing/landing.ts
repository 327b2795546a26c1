// The landing page without React: a first visit to `/` downloads only this, the session store and
// the texts (the app's shell loads on the way in). Its markup comes from one builder, landingHtml():
// index.html carries it in every language (prerender.ts) and the page adopts what was painted; the
// app's `/` route and a change of language paint it from the same builder.
import { LANGUAGES, type Language, MEMBERSHIP } from "../../worker/shared/rules";
import { formatClp } from "../components/format";
import { ICON_SHAPES, type IconShape } from "../components/icon-shapes";
import { isLanguage } from "../i18n/catalog";
import { getLanguage, rememberLanguage, setLanguage, subscribeLanguage } from "../i18n/language";
import type { SessionStore } from "../session/session-store";
import { TEXT } from "../text";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The icon as SVG markup, for pages built as strings (the landing page); decorative. */
function iconMarkup(shape: IconShape, size = 18): string {
  const paths = shape.map((d) => `<path d="${d}"/>`).join("");
  return (
    `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" ` +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">` +
    `${paths}</svg>`
  );
}

/** The feature cards, in the active language (read when the page is built). */
const features = (): Array<{ icon: IconShape; title: string; text: string }> => [
  { icon: ICON_SHAPES.sparkle, title: TEXT.landing.communityTitle, text: TEXT.landing.communityText },
  { icon: ICON_SHAPES.gem, title: TEXT.landing.libraryTitle, text: TEXT.landing.libraryText },
  {
    icon: ICON_SHAPES.crown,
    title: TEXT.landing.vipTitle,
    text: TEXT.landing.vipText(formatClp(MEMBERSHIP.priceClp), MEMBERSHIP.periodDays),
  },
];

/**
 * The page's markup in the active catalogue (`TEXT`), for `language`, as it is while the session is
 * pending: both buttons read 'Loading...' and wait (paint() below sets them once the session is known).
 */
export function landingHtml(language: Language): string {
  const loading = escapeHtml(TEXT.session.loading);
  const options = LANGUAGES.map(
    (option) =>
      `<option value="${option}" lang="${option}"${option === language ? " selected" : ""}>` +
      `${escapeHtml(TEXT.language.names[option])}</option>`,
  ).join("");
  const cards = features()
    .map(
      (f) =>
        `<article class="card"><div class="feature-icon">${iconMarkup(f.icon, 28)}</div>` +
        `<h2>${escapeHtml(f.title)}</h2><p class="muted">${escapeHtml(f.text)}</p></article>`,
    )
    .join("");
  return (
    `<main class="landing" data-landing="${language}">` +
    `<div class="landing-language">` +
    `<select class="select language-select" aria-label="${escapeHtml(TEXT.language.label)}">${options}</select>` +
    `</div>` +
    `<section class="hero"><p class="eyebrow">${iconMarkup(ICON_SHAPES.sparkle, 14)} ${escapeHtml(TEXT.common.brand)}</p>` +
    `<h1>${escapeHtml(TEXT.landing.title)}</h1>` +
    `<p class="lead muted">${escapeHtml(TEXT.landing.lead)}</p>` +
    `<div class="row hero-actions">` +
    `<button type="button" class="btn btn-primary" data-enter disabled>${loading}</button>` +
    `<button type="button" class="btn" data-sign-in disabled>${loading}</button>` +
    `</div></section>` +
    `<section class="features" aria-label="${escapeHtml(TEXT.landing.featuresLabel)}">${cards}</section>` +
    `</main>`
  );
}

function pageFrom(html: string): HTMLElement {
  const template = document.createElement("template");
  template.innerHTML = html;
  const page = template.content.firstElementChild;
  if (!(page instanceof HTMLElement)) throw new Error("landing markup without a page");
  return page;
}

/**
 * Shows the landing page in `root` — adopting the one index.html painted when it is in the active
 * language — and runs it: both buttons start the sign-in and read 'Loading...' while the session is
 * pending; `onSignedIn` runs once a user is known. Returns the cleanup.
 */
export function mountLanding(root: HTMLElement, session: SessionStore, onSignedIn: () => void): () => void {
  const wire = (next: HTMLElement) => {
    next.addEventListener("click", (event) => {
      if (event.target instanceof Element && event.target.closest("button")) void session.redirectToLogin();
    });
    next.addEventListener("change", (event) => {
      const select = event.target;
      if (!(select instanceof HTMLSelectElement) || !isLanguage(select.value)) return;
      rememberLanguage(select.value);
      void setLanguage(select.value);
    });
    return next;
  };
  const painted = root.querySelector(`[data-landing="${getLanguage()}"]`);
  let page = wire(painted instanceof HTMLElement ? painted : pageFrom(landingHtml(getLanguage())));
  if (page !== painted) root.replaceChildren(page);

  const paint = () => {
    const { user, pending } = session.getState();
    if (user) return onSignedIn();
    for (const [selector, label] of [
      ["[data-enter]", TEXT.landing.enter],
      ["[data-sign-in]", TEXT.landing.signIn],
    ] as const) {
      const button = page.querySelector<HTMLButtonElement>(selector);
      if (!button) continue;
      button.disabled = pending;
      button.textContent = pending ? TEXT.session.loading : label;
    }
  };
  paint();
  const unsubscribe = session.subscribe(paint);
  const unsubscribeLanguage = subscribeLanguage(() => {
    const switchHadFocus = document.activeElement instanceof HTMLSelectElement && page.contains(document.activeElement);
    const next = wire(pageFrom(landingHtml(getLanguage())));
    page.replaceWith(next);
    page = next;
    paint();
    if (switchHadFocus) next.querySelector("select")?.focus();
  });
  return () => {
    unsubscribe();
    unsubscribeLanguage();
    page.remove();
  };
}
