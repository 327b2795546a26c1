// The session of docs/spec.md §4: pending until the first user fetch settles, a fetching flag, merged
// concurrent fetches and code exchanges, logout that clears the user before calling the server.
import { SESSION_TEXTS } from "../../worker/shared/texts/session";
import { type Answer, api } from "../api";

export type SessionUserView = Answer<typeof api.users.me.$get>;
export type SessionState = { user: SessionUserView | null; pending: boolean; fetching: boolean };

/** What the store reads of an answer of `api`, its body typed by the route (tests answer with this much). */
type Reply<Endpoint> = { ok: boolean; status: number; json(): Promise<Answer<Endpoint>> };
export type SessionDeps = {
  getMe(): Promise<Reply<typeof api.users.me.$get>>;
  getRedirectUrl(): Promise<Reply<typeof api.oauth.google.redirect_url.$get>>;
  postSession(body: { code: string; state: string }): Promise<{ ok: boolean; status: number }>;
  logout(): Promise<{ ok: boolean; status: number }>;
  navigate(url: string): void;
  log(message: string): void;
};

export const defaultSessionDeps: SessionDeps = {
  getMe: () => api.users.me.$get(),
  getRedirectUrl: () => api.oauth.google.redirect_url.$get(),
  postSession: (body) => api.sessions.$post({ json: body }),
  logout: () => api.logout.$get(),
  navigate: (url) => window.location.assign(url),
  log: (message) => console.error(message),
};

export function createSessionStore(deps: SessionDeps = defaultSessionDeps) {
  let state: SessionState = { user: null, pending: true, fetching: false };
  const listeners = new Set<() => void>();
  let userRequest: Promise<SessionUserView | null> | null = null;
  let exchangeRequest: Promise<void> | null = null;

  const set = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  /** Fetches the current user; concurrent calls share one request. */
  function fetchUser(): Promise<SessionUserView | null> {
    userRequest ??= (async () => {
      set({ fetching: true });
      try {
        const res = await deps.getMe();
        if (!res.ok) throw new Error(SESSION_TEXTS.fetchUserFailed(res.status));
        const user = await res.json();
        set({ user });
        return user;
      } catch (err) {
        deps.log(err instanceof Error ? err.message : String(err));
        return null;
      } finally {
        set({ pending: false, fetching: false });
        userRequest = null;
      }
    })();
    return userRequest;
  }

  /** The signed-in user: the one already loaded, or the answer of the first fetch (route guards ask this). */
  function currentUser(): Promise<SessionUserView | null> {
    return state.pending ? fetchUser() : Promise.resolve(state.user);
  }

  /** Exchanges `code` (and `state`) of the given address for a session; concurrent calls share one request. */
  function exchangeCodeForSession(search: string): Promise<void> {
    exchangeRequest ??= (async () => {
      try {
        const params = new URLSearchParams(search);
        const code = params.get("code");
        if (!code) throw new Error(SESSION_TEXTS.noCode);
        const res = await deps.postSession({ code, state: params.get("state") ?? "" });
        if (!res.ok) throw new Error(SESSION_TEXTS.exchangeFailed(res.status));
        await fetchUser();
      } finally {
        exchangeRequest = null;
      }
    })();
    return exchangeRequest;
  }

  async function redirectToLogin(): Promise<void> {
    try {
      const res = await deps.getRedirectUrl();
      if (!res.ok) throw new Error(SESSION_TEXTS.redirectFailed(res.status));
      const { redirectUrl } = await res.json();
      deps.navigate(redirectUrl);
    } catch (err) {
      deps.log(err instanceof Error ? err.message : String(err));
    }
  }

  async function logout(): Promise<void> {
    set({ user: null });
    // Lessons saved for offline are the member's: they go with the session (client/programs/offline.ts's cache).
    if ("caches" in globalThis) void caches.delete("lesson-media").catch(() => undefined);
    try {
      const res = await deps.logout();
      if (!res.ok) throw new Error(SESSION_TEXTS.logoutFailed);
    } catch {
      deps.log(SESSION_TEXTS.logoutFailed);
    }
  }

  /** The user the server already looked up (a page it rendered): known, not pending, nothing to fetch. */
  function adopt(user: SessionUserView | null): void {
    set({ user, pending: false });
  }

  /** The server ended this session (e.g. a chat socket closed with CLOSE_SESSION_ENDED): show the signed-out state. */
  function signedOut(): void {
    set({ user: null });
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    fetchUser,
    currentUser,
    exchangeCodeForSession,
    redirectToLogin,
    logout,
    signedOut,
    adopt,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
