// What a page the worker rendered carries for the browser to take over (client/server-render.tsx writes it,
// client/main.ts reads it): the router's loader data and errors, the signed-in user, the language and the
// time zone the HTML was written in. It travels as a JSON data block, which the CSP does not have to allow
// (it never runs), and the browser hydrates from it without asking for any of it again. No React Router
// here: the entry reads it, on the landing page too.
import type { Language } from "../worker/shared/rules";
import type { SerializedError } from "./page-errors";
import type { SessionUserView } from "./session/session-store";

/** The id of the `<script type="application/json">` element that holds the page's data. */
export const RENDERED_PAGE_ID = "rendered-page";

export type RenderedPage = {
  /** By route id, as React Router's HydrationState. */
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedError> | null;
  user: SessionUserView | null;
  language: Language;
  zone: string;
};

/** The page's data as JSON safe inside a `<script>` element (no `<` to end it early). */
export const renderedPageJson = (page: RenderedPage) => JSON.stringify(page).replace(/</g, "\\u003c");

/** The data of the page the worker rendered, when this document is one. */
export function readRenderedPage(): RenderedPage | null {
  const text = document.getElementById(RENDERED_PAGE_ID)?.textContent;
  return text ? JSON.parse(text) : null;
}
