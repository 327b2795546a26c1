// The worker's side of the first screen's render (worker/pages.ts calls it; client/server-render.tsx is it):
// what it is given and what it answers, without any of the client's types, so the worker's build and
// typecheck see only this contract (worker/server-render.d.ts).
import type { Language } from "./rules";

/**
 * The id of index.html's JSON block that lists each screen's built files by route path (vite.config.ts writes it):
 * the worker links a rendered page's in its <head>.
 */
export const SCREEN_FILES_ID = "screen-files";

export type PageRequest = {
  /** The navigation (a GET of a page's path). */
  request: Request;
  /** The worker's API in this isolate, given the member's cookie. */
  fetchApi: (request: Request) => Promise<Response>;
  /** The visitor's zone as the edge knows it (`cf.timezone`), when it does. */
  edgeZone: string | undefined;
};

export type PageAnswer =
  /** A guard's redirect or a loader's own answer, before any HTML. */
  | { kind: "response"; response: Response }
  /** `/` signed out: the landing page the HTML already holds (painted without React). */
  | { kind: "landing" }
  | {
      kind: "page";
      status: number;
      /** The screen's markup, for the page's #root. */
      html: string;
      /** The data the browser hydrates from (client/rendered-page.ts), as JSON safe inside a script element. */
      pageJson: string;
      language: Language;
      signedIn: boolean;
      /** The route path of the screen shown (`/app/events/:id`), as client/screens.ts keys it. */
      screen: string | undefined;
    };

export type RenderPage = (page: PageRequest) => Promise<PageAnswer>;
