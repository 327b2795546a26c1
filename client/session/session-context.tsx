import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import type { SessionStore } from "./session-store";

const SessionContext = createContext<SessionStore | null>(null);

/** Provides the store; the route guards (loaders) start the first user fetch. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error("useSession outside SessionProvider");
  return store;
}

export function useSession() {
  const store = useSessionStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, store };
}
