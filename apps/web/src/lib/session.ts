/**
 * The signed-in session (specification §3 "Session data kept", §6): kept in localStorage so that a reload
 * or a second tab stays signed in. A right counts only while the token exists and has not expired.
 */
import type { Habilitation, UserInfo } from '@union/contract';
import { useSyncExternalStore } from 'react';

export interface Session {
  accessToken: string;
  /** Epoch milliseconds: time of sign-in plus expires_in seconds. */
  expiresAt: number;
  habilitations: Habilitation[];
  id: number | null;
  nom: string;
  prenom: string;
}

const STORAGE_KEY = 'union.session';
const listeners = new Set<() => void>();
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };

function parseSession(raw: string | null): Session | null {
  try {
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    // A hand-edited or corrupted entry is no session.
    return null;
  }
}

function read(): Session | null {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw !== cached.raw) {
    cached = { raw, session: parseSession(raw) };
  }
  return cached.session;
}

function notify() {
  scheduleExpiryWakeUp();
  listeners.forEach((listener) => listener());
}

/** The stored session, expired or not (use {@link isConnected} to know whether it still counts). */
export function getSession(): Session | null {
  return read();
}

/** Starts a session right after the token request: rights come with the user info call that follows. */
export function startSession(accessToken: string, expiresInSeconds: number, now = Date.now()): void {
  saveSession({
    accessToken,
    expiresAt: now + expiresInSeconds * 1000,
    habilitations: [],
    id: null,
    nom: '',
    prenom: '',
  });
}

/** Completes the session with what GET /api/user/info answered. */
export function setUserInfo(info: UserInfo): void {
  const session = read();
  if (session) saveSession({ ...session, ...info });
}

function saveSession(session: Session): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEY);
  notify();
}

/** The bearer token to send, or null when there is none or it has expired. */
export function getAccessToken(now = Date.now()): string | null {
  const session = read();
  return isConnected(session, now) ? session.accessToken : null;
}

export function isConnected(session: Session | null, now = Date.now()): session is Session {
  return !!session && !!session.accessToken && session.expiresAt > now;
}

export function hasHabilitation(
  session: Session | null,
  habilitation: Habilitation,
  now = Date.now(),
): boolean {
  return isConnected(session, now) && session.habilitations.includes(habilitation);
}

let expiryTimer: number | undefined;

/** Wakes the screens up when the token expires, so guards and the header notice it without a click. */
function scheduleExpiryWakeUp() {
  window.clearTimeout(expiryTimer);
  const session = read();
  const remaining = session ? session.expiresAt - Date.now() : -1;
  if (remaining > 0 && remaining < 2 ** 31 - 1) expiryTimer = window.setTimeout(notify, remaining + 50);
}

// Another tab signing in or out changes the same storage.
function onStorage(event: StorageEvent) {
  if (event.key === STORAGE_KEY) notify();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    scheduleExpiryWakeUp();
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The live session: null when signed out or expired. Re-renders on sign-in, sign-out and expiry. */
function liveSession(): Session | null {
  const session = read();
  return isConnected(session) ? session : null;
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, liveSession, liveSession);
}

/** Whether the current user holds a right now (token present, unexpired, right listed). */
export function useHabilitation(habilitation: Habilitation): boolean {
  return hasHabilitation(useSession(), habilitation);
}
