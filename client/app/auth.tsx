/**
 * The shared auth state of SPEC.md section 1: `undefined` while loading, `null`
 * when signed out, the user otherwise. Seeded from the boot state when the
 * server wrote one, then refreshed once from GET /api/auth/me.
 */
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PublicUser } from '../../common/api-types.ts';
import { api, onSignedOut } from '../lib/api.ts';
import type { AuthState } from './guard-decisions.ts';

export interface AuthContextValue {
  user: AuthState;
  /** After login, signup or a poll: the screen that learned who is signed in says so. */
  setUser: (user: PublicUser | null) => void;
  /** Asks the server again and stores the answer; rejects with an ApiError when it cannot. */
  refreshUser: (signal?: AbortSignal) => Promise<PublicUser | null>;
  /** Ends the session on the server, then forgets the user here. */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function AuthProvider({ initialUser, children }: { initialUser: AuthState; children: ReactNode }) {
  const [user, setUserState] = useState<AuthState>(initialUser);
  // Bumped on every explicit change, so an answer that set off before a login cannot undo it.
  const generation = useRef(0);

  const setUser = useCallback((next: PublicUser | null) => {
    generation.current += 1;
    setUserState(next);
  }, []);

  const refreshUser = useCallback(async (signal?: AbortSignal) => {
    const startedAt = generation.current;
    const fresh = await api.getCurrentUser(signal);
    if (generation.current === startedAt) setUser(fresh);
    return fresh;
  }, [setUser]);

  const signOut = useCallback(async () => {
    await api.logout();
    setUser(null);
  }, [setUser]);

  // A session that ended elsewhere (logout in another tab, its lifetime, a password reset) ends here too.
  useEffect(() => onSignedOut(() => setUser(null)), [setUser]);

  useEffect(() => {
    const controller = new AbortController();
    refreshUser(controller.signal).catch(() => {
      // Unreachable server at start-up: a known user stays, an unknown one counts as
      // signed out so the app does not wait forever (the next request tells the truth).
      if (!controller.signal.aborted) setUserState((current) => (current === undefined ? null : current));
    });
    return () => controller.abort();
  }, [refreshUser]);

  const value = useMemo(() => ({ user, setUser, refreshUser, signOut }), [user, setUser, refreshUser, signOut]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth needs an <AuthProvider> above it.');
  return value;
}
