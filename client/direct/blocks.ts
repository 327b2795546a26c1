// The members the signed-in member blocked, shared by every screen: read again whenever a
// member's menu opens or the profile shows the list (so it never outlives a sign-out), and after a change.
import { useSyncExternalStore } from "react";
import { type Answer, api, unwrap } from "../api";

type BlockedMember = Answer<(typeof api.blocks)["$get"]>["blocks"][number];
type State = { list: BlockedMember[] | null; failed: boolean };

let state: State = { list: null, failed: false };
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();
const set = (next: State) => {
  state = next;
  for (const listener of listeners) listener();
};

/** Reads the list; calls while a read is under way share it. */
export function loadBlocks(): Promise<void> {
  if (pending) return pending;
  pending = unwrap(api.blocks.$get())
    .then(
      ({ blocks }) => set({ list: blocks, failed: false }),
      () => set({ ...state, failed: true }),
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function useBlocks(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

export async function setBlocked(userId: number, blocked: boolean) {
  if (blocked) await unwrap(api.blocks.$post({ json: { user_id: userId } }));
  else await unwrap(api.blocks[":user_id"].$delete({ param: { user_id: String(userId) } }));
  // A read begun before the change may answer the old list: read once more after it.
  if (pending) await pending;
  await loadBlocks();
}
