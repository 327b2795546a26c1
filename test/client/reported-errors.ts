// Every error a test's page reports fails that test: console.error and console.warn (React's warnings,
// React Router's "caught the following error during render", the app's own logs), an uncaught error or
// unhandled rejection, and an unexpected error a route's errorElement shows (see `routerError`). A
// screen that throws into an error boundary still renders something, so without this a test can pass
// on the error page. A test that provokes an error on purpose says so with `expectError`.
import { format } from "node:util";
import { isRouteErrorResponse } from "react-router";
import { ApiRequestError } from "../../client/api";

interface Expected {
  pattern: RegExp;
  seen: boolean;
}

let reports: string[] = [];
let expected: Expected[] = [];
let inTest = false;
const routeErrorsSeen = new WeakSet<object>();
/** Reports made between tests (work a test left running after its end): they fail the file. */
const strays: string[] = [];

/** An error's message and where it was thrown in the project (its first frames outside node_modules). */
const summarize = (value: unknown) => {
  if (!(value instanceof Error) && !(value && typeof value === "object" && "stack" in value)) return format(value);
  const [message, ...frames] = String((value as Error).stack ?? value).split("\n");
  const ours = frames.filter((frame) => frame.includes(" at ") && !frame.includes("node_modules")).slice(0, 3);
  return [message, ...ours].join("\n");
};

/** Records one report of the page (a console line, an uncaught error, a route error). */
export function reportError(source: string, message: string) {
  (inTest ? reports : strays).push(`${source}: ${message}`);
}

/**
 * The current test provokes an error reported as matching `pattern` (matched against "<source>: <message>",
 * e.g. "console.warn: link preview failed …"): those reports pass, and the test fails if none came.
 */
export function expectError(pattern: RegExp) {
  expected.push({ pattern, seen: false });
}

/**
 * A route's errorElement shows any error its loader or action threw. The server's refusals
 * (ApiRequestError, an error response) are answers the screens show by design; anything else (a
 * TypeError, a request the test's fake server does not answer) is a fault the test should hear of.
 */
export function routerError(error: unknown) {
  if (error instanceof ApiRequestError || isRouteErrorResponse(error)) return;
  // The router's state keeps an error until the next navigation: report each once.
  if (typeof error === "object" && error !== null) {
    if (routeErrorsSeen.has(error)) return;
    routeErrorsSeen.add(error);
  }
  reportError("route error", summarize(error));
}

/** A test starts: what the page reports is that test's until endTest. */
export function startTest() {
  inTest = true;
}

/** The current test's failure, if its page reported an error it did not expect or an expected one never came. */
export function endTest(): Error | undefined {
  const unexpected = reports.filter((report) => {
    const match = expected.find(({ pattern }) => pattern.test(report));
    if (match) match.seen = true;
    return !match;
  });
  const missing = expected.filter(({ seen }) => !seen).map(({ pattern }) => `expected but never reported: ${pattern}`);
  reports = [];
  expected = [];
  inTest = false;
  if (!unexpected.length && !missing.length) return undefined;
  const failure = new Error(
    [
      ...(unexpected.length
        ? ["the page reported errors (a test that provokes one on purpose says so: expectError(/…/)):", ...unexpected]
        : []),
      ...missing,
    ].join("\n\n"),
  );
  // The reports carry their own frames; this error's (the afterEach hook) would only hide them.
  failure.stack = failure.message;
  return failure;
}

/** The reports made outside any test, as the failure of the test file. */
export function strayReports(): Error | undefined {
  if (!strays.length) return undefined;
  return new Error(["reported after a test had ended (work it left running):", ...strays].join("\n\n"));
}

/** Routes the page's console.error/console.warn, uncaught errors and unhandled rejections to the reports. */
export function trapReports() {
  // Not printed as well: a test that did not expect them fails with them, and expected ones are noise.
  for (const level of ["error", "warn"] as const) {
    console[level] = (...args: unknown[]) => {
      // An error argument shows its message and frames (jsdom's errors print poorly through format()).
      const [first, ...rest] = args.map((arg) =>
        typeof arg === "object" && arg && "stack" in arg ? summarize(arg) : arg,
      );
      // The errors are text now: React's "%o" would print that text quoted.
      const template = typeof first === "string" ? first.replace(/%[oO]/g, "%s") : first;
      reportError(`console.${level}`, format(template, ...rest));
    };
  }
  window.addEventListener("error", (event) => reportError("uncaught error", summarize(event.error ?? event.message)));
  window.addEventListener("unhandledrejection", (event) => reportError("unhandled rejection", summarize(event.reason)));
  process.on("unhandledRejection", (reason) => reportError("unhandled rejection", summarize(reason)));
}
