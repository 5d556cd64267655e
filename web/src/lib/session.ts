import { useSyncExternalStore } from 'react';
import type { SessionTokens } from '@shared/auth/admin-login';
import { isUserRole, type UserRole } from '@shared/auth/user-role';

/**
 * localStorage keys of the session (spec 000 §3): the current user, the auth token and the further
 * token entry (the refresh token), plus the token's expiry so requests can refresh it in time.
 */
export const SESSION_STORAGE_KEYS = {
  user: 'user',
  token: 'token',
  refreshToken: 'refreshToken',
  expiresAt: 'expiresAt',
} as const;

/** The logged-in user as spec 000 §3 stores it. */
export interface StoredUser {
  email: string;
  name: string;
  username: string;
  token: string;
  role: UserRole;
  rooms: string[];
  user_id: string;
  /** A trader's own trader id and membership id, from the trader sign-in's answer (display only). */
  traderId?: string;
  memberId?: string;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isOptionalText = (value: unknown): value is string | undefined =>
  value === undefined || isText(value);

/**
 * The stored user, or null when it is not one. Read at every start, before anything else: written
 * without zod so the first screens do not download it. Like a zod object it keeps only
 * the known fields; a missing role counts as a trader and missing rooms as none.
 */
export function parseStoredUser(value: unknown): StoredUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { email, name, username, token, user_id, traderId, memberId } = record;
  const role = record.role ?? 'trader';
  const rooms = record.rooms ?? [];
  if (!isText(email) || !isText(name) || !isText(username) || !isText(token) || !isText(user_id))
    return null;
  if (!isUserRole(role) || !Array.isArray(rooms) || !rooms.every(isText)) return null;
  if (!isOptionalText(traderId) || !isOptionalText(memberId)) return null;
  return {
    email,
    name,
    username,
    token,
    role,
    rooms,
    user_id,
    ...(traderId !== undefined && { traderId }),
    ...(memberId !== undefined && { memberId }),
  };
}

export interface Session extends SessionTokens {
  user: StoredUser;
}

type RawSession = [string | null, string | null, string | null, string | null];

const listeners = new Set<() => void>();
let cache: { raw: RawSession; session: Session | null } | undefined;

function readRaw(): RawSession {
  return [
    localStorage.getItem(SESSION_STORAGE_KEYS.user),
    localStorage.getItem(SESSION_STORAGE_KEYS.token),
    localStorage.getItem(SESSION_STORAGE_KEYS.refreshToken),
    localStorage.getItem(SESSION_STORAGE_KEYS.expiresAt),
  ];
}

function parse([user, token, refreshToken, expiresAt]: RawSession): Session | null {
  if (user === null || token === null || refreshToken === null || expiresAt === null) return null;
  try {
    const parsedUser = parseStoredUser(JSON.parse(user));
    const expiry = Number(expiresAt);
    if (parsedUser === null || !Number.isFinite(expiry)) return null;
    return { user: parsedUser, token, refreshToken, expiresAt: expiry };
  } catch {
    return null;
  }
}

function removeStoredSession(): void {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) localStorage.removeItem(key);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * The stored session, or null. Storage is the source of truth so another tab's sign-in or sign-out is
 * seen here too; the parse is cached per raw value because React compares snapshots by identity.
 * Incomplete or unparsable data is removed, so a half-written session never counts as signed in.
 */
export function getSession(): Session | null {
  const raw = readRaw();
  if (cache && raw.every((value, index) => value === cache?.raw[index])) return cache.session;
  const session = parse(raw);
  if (session === null && raw.some((value) => value !== null)) {
    removeStoredSession();
    cache = { raw: [null, null, null, null], session: null };
  } else {
    cache = { raw, session };
  }
  return cache.session;
}

export function saveSession(session: Session): void {
  localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(session.user));
  localStorage.setItem(SESSION_STORAGE_KEYS.token, session.token);
  localStorage.setItem(SESSION_STORAGE_KEYS.refreshToken, session.refreshToken);
  localStorage.setItem(SESSION_STORAGE_KEYS.expiresAt, String(session.expiresAt));
  notify();
}

/** Stores a refreshed ID token; the user record carries the token too (spec 000 §3). */
export function updateSessionToken(token: string, expiresAt: number): void {
  const current = getSession();
  if (current === null) return;
  saveSession({ ...current, token, expiresAt, user: { ...current.user, token } });
}

/** Logout: removes the user, the token and the further token entry (spec 000 §4). */
export function clearSession(): void {
  removeStoredSession();
  notify();
}

/*
 * Why the app last signed the user out on its own (decision 39: a 401 says so on the sign-in
 * screen). Kept in sessionStorage, not in navigation state, so the sign-in screen shows it however
 * it was reached: by the forced redirect, a layout's own redirect, or a reload.
 */
const SIGN_OUT_NOTICE_KEY = 'signOutNotice';

export function setSignOutNotice(message: string): void {
  sessionStorage.setItem(SIGN_OUT_NOTICE_KEY, message);
}

export function readSignOutNotice(): string | null {
  return sessionStorage.getItem(SIGN_OUT_NOTICE_KEY);
}

export function clearSignOutNotice(): void {
  sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The current session; components re-render on sign-in, token refresh and sign-out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}
