// The entry: the landing page is painted without React; a page the worker rendered is hydrated from the
// data it carries (client/rendered-page.ts); any other path loads the app's shell and, at the same time,
// the current screen's code and (for the screens that list them) its first requests.
import { setDisplayZone } from "./components/format";
import { firstScreenShown } from "./first-load";
import { followSavedLanguage, initialLanguage, loadWords, setLanguage } from "./i18n/language";
import { readRenderedPage } from "./rendered-page";
import { preloadScreen, startFirstData } from "./screens";
import { createSessionStore } from "./session/session-store";
import "./styles/theme.css";
import "./styles/screens.css";

const session = createSessionStore();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
const rendered = readRenderedPage();
if (rendered) {
  // The page is already painted in its language and zone, for this user: the app starts from the same.
  session.adopt(rendered.user);
  setDisplayZone(rendered.zone);
}
// The first paint waits for the language's catalogue (English is here; Spanish is a small chunk).
const languageReady = setLanguage(rendered?.language ?? initialLanguage());
followSavedLanguage(session);
const onLanding = window.location.pathname === "/";
// The test-mode banner comes after the first paint (it waits for GET /api/payments/mode): so does its code. The
// landing is painted from index.html; in the app it waits until the first screen is shown.
void Promise.all([languageReady, onLanding || firstScreenShown])
  .then(() => import("./components/test-mode-banner"))
  .then(({ showTestModeBanner }) => showTestModeBanner());

if (onLanding) {
  // A visitor who is already signed in goes on to the lounge (a full load: the app is not here yet).
  // The landing's code is fetched only here: the page is already painted from index.html.
  void Promise.all([import("./landing/landing"), languageReady, loadWords(["landing"])]).then(([{ mountLanding }]) =>
    mountLanding(root, session, () => window.location.replace("/app/lounge")),
  );
  void session.fetchUser();
} else if (rendered) {
  void Promise.all([import("./hydrate"), languageReady]).then(([{ hydrateApp }]) =>
    hydrateApp(root, session, rendered),
  );
} else {
  preloadScreen(window.location.pathname, initialLanguage());
  startFirstData(window.location.pathname, session);
  void Promise.all([import("./app"), languageReady]).then(([{ startApp }]) => startApp(root, session));
}
