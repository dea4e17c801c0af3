// Who is signed in (README, Decisions: "Identity"). The session lives in HttpOnly cookies; this provider
// reads it from /api/auth/me, refreshes it a minute before the access token expires, and retries a failed
// refresh with exponential backoff before treating the visitor as signed out.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";
import { refreshBackoffMs } from "../worker/rules/auth";
import type { SessionResponse, SessionUser } from "../worker/rules/auth";
import { ApiRequestError, fetchSession, refreshRequest, signInRequest, signOutRequest, signUpRequest } from "./api";

export type AuthUser = SessionUser;

export interface SignUpInput {
  email: string;
  password: string;
  name?: string;
  company?: string;
}

export interface AuthState {
  /** False while the session is being read; the header hides Dashboard and Sign In until then. */
  loaded: boolean;
  user: AuthUser | null;
  /** Each throws ApiRequestError with the server's message when it fails. */
  signIn: (email: string, password: string) => Promise<AuthUser>;
  signUp: (input: SignUpInput) => Promise<AuthUser>;
  signOut: () => Promise<void>;
  /** Renews the session now; resolves false when it could not be renewed (the visitor is signed out). */
  refresh: () => Promise<boolean>;
}

/** Refresh this long before the access token expires. */
export const REFRESH_LEAD_MS = 60_000;
/** Failed refreshes are retried this many times (200 ms, 400 ms, 800 ms, 1.6 s) before giving up. */
export const REFRESH_RETRIES = 4;
// A non-secret hint that this browser had a session, so a visit after the short-lived access cookie
// expired tries one refresh, while visitors who never signed in are not sent to /refresh at all.
const HINT_KEY = "sj.hadSession";

const noSession = async (): Promise<never> => {
  throw new Error("Auth is not ready");
};
const AuthContext = createContext<AuthState>({ loaded: false, user: null, signIn: noSession, signUp: noSession, signOut: async () => {}, refresh: async () => false });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rememberHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, "1");
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // storage may be unavailable (private mode); the hint is only an optimisation
  }
}

function hadSession(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === "1";
  } catch {
    return false;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState(false);
  const [user, setUser] = useState<AuthUser | null>(null);
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const refreshing = useRef<Promise<boolean> | null>(null);
  // Bumped by sign-in, sign-up and sign-out: a renewal that started before one of them must not undo it.
  const generation = useRef(0);

  const apply = useCallback((session: SessionResponse) => {
    setUser(session.user);
    setExpiresAt(session.user ? session.accessExpiresAt : null);
    rememberHint(Boolean(session.user));
    setLoaded(true);
  }, []);

  // One renewal at a time: the timer, a returning tab and a screen may all ask at once.
  const renew = useCallback(
    (retryUnauthorized: boolean): Promise<boolean> => {
      refreshing.current ??= (async () => {
        const started = generation.current;
        let renewed: SessionResponse = { user: null, accessExpiresAt: null };
        for (let attempt = 0; attempt <= REFRESH_RETRIES; attempt++) {
          if (attempt > 0) await sleep(refreshBackoffMs(attempt - 1));
          if (generation.current !== started) return false;
          try {
            renewed = await refreshRequest();
            break;
          } catch (err) {
            // During a session a 401 may be a race with another tab that just rotated the token (its new
            // cookie is used next time); on a first visit it only means there is no session.
            if (!retryUnauthorized && err instanceof ApiRequestError && err.status === 401) break;
          }
        }
        if (generation.current !== started) return false;
        apply(renewed);
        return Boolean(renewed.user);
      })().finally(() => {
        refreshing.current = null;
      });
      return refreshing.current;
    },
    [apply],
  );
  const refresh = useCallback(() => renew(true), [renew]);

  // First load: the current session, or one refresh if this browser had a session before.
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const session = await fetchSession();
        if (!live) return;
        if (session.user || !hadSession()) return apply(session);
        await renew(false);
      } catch {
        if (live) apply({ user: null, accessExpiresAt: null });
      }
    })();
    return () => {
      live = false;
    };
  }, [apply, renew]);

  // Refresh a minute before expiry; a tab coming back from sleep checks at once.
  useEffect(() => {
    if (!user || !expiresAt) return;
    const due = () => expiresAt - REFRESH_LEAD_MS - Date.now();
    const timer = setTimeout(() => void refresh(), Math.max(0, due()));
    const onVisible = () => {
      if (document.visibilityState === "visible" && due() <= 0) void refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [user, expiresAt, refresh]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const session = await signInRequest(email, password);
      generation.current++;
      apply(session);
      if (!session.user) throw new Error("Failed to sign in");
      return session.user;
    },
    [apply],
  );

  const signUp = useCallback(
    async (input: SignUpInput) => {
      const session = await signUpRequest(input);
      generation.current++;
      apply(session);
      if (!session.user) throw new Error("Failed to sign up");
      return session.user;
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    generation.current++;
    try {
      await signOutRequest();
    } finally {
      apply({ user: null, accessExpiresAt: null });
    }
  }, [apply]);

  const value = useMemo<AuthState>(() => ({ loaded, user, signIn, signUp, signOut, refresh }), [loaded, user, signIn, signUp, signOut, refresh]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
