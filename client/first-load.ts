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
