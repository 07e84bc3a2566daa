import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getAccessToken,
  getSession,
  hasHabilitation,
  isConnected,
  setUserInfo,
  startSession,
  useSession,
} from './session';

describe('session', () => {
  afterEach(() => vi.useRealTimers());

  it('expires at the time of sign-in plus expires_in seconds', () => {
    startSession('abc', 3600, 1_000_000);
    expect(getSession()?.expiresAt).toBe(1_000_000 + 3_600_000);
  });

  it('keeps the token, expiry, habilitations, id, nom and prenom in localStorage', () => {
    startSession('abc', 60);
    setUserInfo({ habilitations: ['USER', 'ADMIN'], id: 3, nom: 'Durand', prenom: 'Paul' });
    const stored = JSON.parse(localStorage.getItem('union.session')!);
    expect(stored).toMatchObject({
      accessToken: 'abc',
      habilitations: ['USER', 'ADMIN'],
      id: 3,
      nom: 'Durand',
      prenom: 'Paul',
    });
    expect(typeof stored.expiresAt).toBe('number');
  });

  it('counts a right only with a token, unexpired, holding it', () => {
    expect(hasHabilitation(getSession(), 'USER')).toBe(false);
    startSession('abc', 60, 0);
    setUserInfo({ habilitations: ['USER'], id: 1, nom: 'A', prenom: 'B' });
    const session = getSession();
    expect(hasHabilitation(session, 'USER', 59_999)).toBe(true);
    expect(hasHabilitation(session, 'ADMIN', 59_999)).toBe(false);
    expect(hasHabilitation(session, 'USER', 60_000)).toBe(false);
    expect(isConnected(session, 60_000)).toBe(false);
  });

  it('sends no token once it has expired, and none after sign-out', () => {
    startSession('abc', 60, Date.now());
    expect(getAccessToken()).toBe('abc');
    expect(getAccessToken(Date.now() + 61_000)).toBeNull();
    clearSession();
    expect(getAccessToken()).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('treats a corrupted stored value as no session', () => {
    localStorage.setItem('union.session', '{not json');
    expect(getSession()).toBeNull();
  });
});

describe('useSession across tabs', () => {
  it('follows a sign-out made in another tab', () => {
    startSession('abc', 60);
    const { result } = renderHook(() => useSession());
    expect(result.current?.accessToken).toBe('abc');
    act(() => {
      localStorage.removeItem('union.session');
      window.dispatchEvent(new StorageEvent('storage', { key: 'union.session' }));
    });
    expect(result.current).toBeNull();
  });
});
