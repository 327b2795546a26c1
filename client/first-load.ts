// A first visit's requests, started by the entry (client/main.ts) while the app's code downloads, and
// taken (once) by the route's loader instead of asking again, so the screen's data does not wait for
// the app chunk and the router to start (docs/client.md "Loading"). Plain functions, no React: this
// module is in the entry.

/** A request the entry can start early; `take` hands the early one over once, later calls ask anew. */
export function startable<T>(request: () => Promise<T>) {
  let early: Promise<T> | null = null;
  return {
    start() {
      early ??= request();
      // Taken by the loader, which handles a failure; never an unhandled rejection meanwhile.
      early.catch(() => undefined);
    },
    take(): Promise<T> {
      const answer = early ?? request();
      early = null;
      return answer;
    },
  };
}

/**
 * Resolves in a new task: the browser may paint and handle input between the steps of a first load
 * (the app chunk's evaluation, the router's start, the first render), each then shorter than a long
 * task on a phone (docs/client.md "Loading").
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let markFirstScreenShown: () => void = () => undefined;
/**
 * Resolves once the first screen, with its data, is on screen (the root route's first render, then the
 * browser's next paint). What a first visit does not show at once waits for it (the bell, the unread
 * badge and its live socket, the push offer, the test-mode banner): their code and requests then no
 * longer compete with the screen's on a slow network (docs/client.md "Loading").
 */
export const firstScreenShown = new Promise<void>((resolve) => {
  markFirstScreenShown = resolve;
});

/** Called by the root route once it has rendered: the paint that follows shows the first screen. */
export function screenRendered() {
  requestAnimationFrame(() => setTimeout(markFirstScreenShown, 0));
}
