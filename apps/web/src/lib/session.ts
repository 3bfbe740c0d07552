import { type CurrentUser, currentUserSchema } from '@pluvio/shared/users.schemas';
import { useSyncExternalStore } from 'react';

/**
 * The session store of the specification (part 1 §4): the whole user object lives in local
 * storage under `user`, read at start-up with a logged-out default; one action replaces the
 * whole user and saves it. The access token lives beside it under `access_token`.
 */
export const USER_KEY = 'user';
export const TOKEN_KEY = 'access_token';

export interface Session {
  user: CurrentUser | null;
}

const LOGGED_OUT: Session = { user: null };

function readStoredSession(): Session {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return LOGGED_OUT;
    const parsed = currentUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { user: parsed.data } : LOGGED_OUT;
  } catch {
    return LOGGED_OUT;
  }
}

let session: Session = readStoredSession();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getSession(): Session {
  return session;
}

/** Replaces the whole user and saves it (null signs out). */
export function setUser(user: CurrentUser | null): void {
  session = { user };
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
  emit();
}

export function getAccessToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setAccessToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

/** Forgets the user and the access token. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  setUser(null);
}

/** Re-reads local storage (tests, and another tab signing in or out). */
export function reloadSession(): void {
  session = readStoredSession();
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === USER_KEY || event.key === null) reloadSession();
  });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** The signed-in user, or null. */
export function useCurrentUser(): CurrentUser | null {
  return useSession().user;
}
