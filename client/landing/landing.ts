// The landing page without React: a first visit to `/` downloads only this, the session store and
// the texts (the app's shell loads on the way in). The app's `/` route mounts the same page.
import { LANGUAGES, MEMBERSHIP } from "../../worker/shared/rules";
import { formatClp } from "../components/format";
import { isLanguage } from "../i18n/catalog";
import { getLanguage, rememberLanguage, setLanguage, subscribeLanguage } from "../i18n/language";
import type { SessionStore } from "../session/session-store";
import { TEXT } from "../text";

type Props = { className?: string; ariaLabel?: string; ariaHidden?: "true" };

function el(tag: "main" | "section" | "article" | "div" | "p" | "h1" | "h2", props: Props, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const child of children) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  return node;
}

function button(className: string) {
  const node = document.createElement("button");
  node.type = "button";
  node.className = className;
  return node;
}

/** The feature cards, in the active language (read when the page is built). */
const features = () => [
  { icon: "✦", title: TEXT.landing.communityTitle, text: TEXT.landing.communityText },
  { icon: "❖", title: TEXT.landing.libraryTitle, text: TEXT.landing.libraryText },
  { icon: "♛", title: TEXT.landing.vipTitle, text: TEXT.landing.vipText(formatClp(MEMBERSHIP.priceClp), MEMBERSHIP.periodDays) },
];

/** The language switch of a signed-out visitor: the choice is kept on this device. */
function languageSelect(): HTMLElement {
  const select = document.createElement("select");
  select.className = "select language-select";
  select.ariaLabel = TEXT.language.label;
  for (const language of LANGUAGES) {
    const option = new Option(TEXT.language.names[language], language, false, language === getLanguage());
    option.lang = language;
    select.add(option);
  }
  select.addEventListener("change", () => {
    if (!isLanguage(select.value)) return;
    rememberLanguage(select.value);
    void setLanguage(select.value);
  });
  return el("div", { className: "landing-language" }, select);
}

/**
 * Renders the landing page into `root`: both buttons start the sign-in and read 'Loading...' while
 * the session is pending; `onSignedIn` runs once a user is known. Returns the cleanup.
 */
export function mountLanding(root: HTMLElement, session: SessionStore, onSignedIn: () => void): () => void {
  const enter = button("btn btn-primary");
  const signIn = button("btn");
  for (const b of [enter, signIn]) b.addEventListener("click", () => void session.redirectToLogin());
  const build = () => el(
    "main",
    { className: "landing" },
    languageSelect(),
    el(
      "section",
      { className: "hero" },
      el("p", { className: "eyebrow" }, `✧ ${TEXT.common.brand}`),
      el("h1", {}, TEXT.landing.title),
      el("p", { className: "lead muted" }, TEXT.landing.lead),
      el("div", { className: "row hero-actions" }, enter, signIn),
    ),
    el(
      "section",
      { className: "features", ariaLabel: TEXT.landing.featuresLabel },
      ...features().map((f) => el("article", { className: "card" }, el("div", { className: "feature-icon", ariaHidden: "true" }, f.icon), el("h2", {}, f.title), el("p", { className: "muted" }, f.text))),
    ),
  );
  let page = build();

  const paint = () => {
    const { user, pending } = session.getState();
    if (user) return onSignedIn();
    for (const [b, label] of [[enter, TEXT.landing.enter], [signIn, TEXT.landing.signIn]] as const) {
      b.disabled = pending;
      b.textContent = pending ? TEXT.session.loading : label;
    }
  };
  paint();
  root.replaceChildren(page);
  const unsubscribe = session.subscribe(paint);
  const unsubscribeLanguage = subscribeLanguage(() => {
    const switchHadFocus = document.activeElement instanceof HTMLSelectElement && page.contains(document.activeElement);
    const next = build();
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
