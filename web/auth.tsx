// Who is signed in (README, Decisions: "Identity"). The session lives in HttpOnly cookies; this provider
// reads it from /api/auth/me, refreshes it a minute before the access token expires, and retries a failed
// refresh with exponential backoff before treating the visitor as signed out.
import { createContext, useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef } from "react";
import type { ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { refreshBackoffMs } from "@rules/auth";
import type { SessionResponse, SessionUser } from "@rules/auth";
import { ApiRequestError, api, call } from "./client";
import { i18n } from "./i18n";
import { keys } from "./queryKeys";

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

// Every screen, in the browser and in the server's render (web/serverRender.tsx), is inside AuthProvider: outside it
// (a programming error) the session reads as not known yet, and there is nothing to call.
const AuthContext = createContext({ loaded: false, user: null } as AuthState);

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

const signedOut: SessionResponse = { user: null, accessExpiresAt: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const refreshing = useRef<Promise<SessionResponse | null> | null>(null);
  // Bumped by sign-in, sign-up and sign-out: a renewal that started before one of them must not undo it.
  const generation = useRef(0);

  // The session lives in the query cache (keys.session); every answer that carries one puts it there.
  const apply = useCallback(
    (session: SessionResponse) => {
      queryClient.setQueryData(keys.session, session);
      rememberHint(Boolean(session.user));
    },
    [queryClient],
  );

  // One renewal at a time: the timer, a returning tab and a screen may all ask at once. Null when a
  // sign-in, sign-up or sign-out happened meanwhile (its answer stands).
  const renew = useCallback((retryUnauthorized: boolean): Promise<SessionResponse | null> => {
    refreshing.current ??= (async () => {
      const started = generation.current;
      let renewed: SessionResponse = signedOut;
      for (let attempt = 0; attempt <= REFRESH_RETRIES; attempt++) {
        if (attempt > 0) await sleep(refreshBackoffMs(attempt - 1));
        if (generation.current !== started) return null;
        try {
          renewed = await call(api.auth.refresh.$post());
          break;
        } catch (err) {
          // During a session a 401 may be a race with another tab that just rotated the token (its new
          // cookie is used next time); on a first visit it only means there is no session.
          if (!retryUnauthorized && err instanceof ApiRequestError && err.status === 401) break;
        }
      }
      return generation.current !== started ? null : renewed;
    })().finally(() => {
      refreshing.current = null;
    });
    return refreshing.current;
  }, []);

  const refresh = useCallback(async () => {
    const renewed = await renew(true);
    if (!renewed) return false;
    apply(renewed);
    return Boolean(renewed.user);
  }, [renew, apply]);

  // First load: the current session, or one refresh if this browser had a session before.
  const { data: answer } = useQuery({
    queryKey: keys.session,
    queryFn: async (): Promise<SessionResponse> => {
      try {
        const current: SessionResponse = await call(api.auth.me.$get({}, { init: { cache: "no-store" } }));
        if (current.user || !hadSession()) {
          rememberHint(Boolean(current.user));
          return current;
        }
        const renewed = await renew(false);
        if (!renewed) return queryClient.getQueryData<SessionResponse>(keys.session) ?? signedOut;
        rememberHint(Boolean(renewed.user));
        return renewed;
      } catch {
        rememberHint(false);
        return signedOut;
      }
    },
    // Only this provider and the answers above change the session: never refetched behind its back.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnReconnect: false,
  });
  // The first answer reaches the screen as a deferred update, later ones at once. React Query hands an answer over as
  // an urgent update, and a change of this context that reaches a part of a server-rendered page React has not
  // hydrated yet (Layout's Suspense boundary hydrates after the shell) makes React hydrate that part in one
  // synchronous task: on /ar/jobs on a slow phone, 180 ms with the whole first screen frozen (decision 0042).
  // Deferred, that hydration is sliced like the rest.
  const session = useDeferredValue(answer) && answer;
  const loaded = session !== undefined;
  const user = session?.user ?? null;
  const expiresAt = session?.user ? session.accessExpiresAt : null;

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

  /** A sign-in, sign-up or sign-out: its answer replaces whatever an earlier read or renewal would say. */
  const replaceSession = useCallback(
    async (session: SessionResponse) => {
      generation.current++;
      await queryClient.cancelQueries({ queryKey: keys.session, exact: true });
      apply(session);
    },
    [queryClient, apply],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const session = await call(api.auth["sign-in"].$post({ json: { email, password } }));
      await replaceSession(session);
      if (!session.user) throw new Error(i18n().t("account.signIn.failed"));
      return session.user;
    },
    [replaceSession],
  );

  const signUp = useCallback(
    async (input: SignUpInput) => {
      const session = await call(api.auth["sign-up"].$post({ json: input }));
      await replaceSession(session);
      if (!session.user) throw new Error(i18n().t("account.signUp.failed"));
      return session.user;
    },
    [replaceSession],
  );

  const signOut = useCallback(async () => {
    // Signed out here first, then on the server: the screen Sign Out goes to (at once) neither renews the ending session
    // nor asks for the account's data with it, which the server may already have ended (a 401).
    rememberHint(false);
    await replaceSession(signedOut);
    await call(api.auth["sign-out"].$post());
  }, [replaceSession]);

  const value = useMemo<AuthState>(() => ({ loaded, user, signIn, signUp, signOut, refresh }), [loaded, user, signIn, signUp, signOut, refresh]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
