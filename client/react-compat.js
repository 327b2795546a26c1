// What `import … from "react"` means in this app: Preact's React compatibility layer (docs/client.md
// "Preact"). The build and the client tests alias `react` to this module; TypeScript keeps
// @types/react, so the code reads as React's (and this file is plain JavaScript: preact/compat's
// types are not React's and are never checked against them).
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * React 19's useOptimistic, which preact/compat lacks and React Router's RouterProvider imports. React
 * shows the optimistic value only while a transition is pending; Preact runs `startTransition`'s
 * callback at once (no transition is ever pending), so the value is always the passthrough state and
 * the update function has nothing to show. The router calls it only with `useTransitions`, which
 * this app does not set.
 */
export function useOptimistic(passthrough) {
  return [passthrough, () => {}];
}
