// Who is signed in. Accounts arrive in a later issue; until then nobody is, and the header shows
// Sign In. Later work replaces AuthProvider's value with the real session (ARCHITECTURE.md "Identity").
import { createContext, useContext } from "react";
import type { ReactNode } from "react";

export interface AuthUser {
  id: string;
  email: string;
  name: string;
}

export interface AuthState {
  /** False while the session is being read; the header hides Dashboard and Sign In until then. */
  loaded: boolean;
  user: AuthUser | null;
}

const SIGNED_OUT: AuthState = { loaded: true, user: null };
const AuthContext = createContext<AuthState>(SIGNED_OUT);

export function AuthProvider({ children }: { children: ReactNode }) {
  // TODO(auth issue): read the session from the API and keep it fresh.
  return <AuthContext.Provider value={SIGNED_OUT}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
