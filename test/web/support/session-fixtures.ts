import { saveSession, type Session } from '@/lib/session';

export const HOUR_MS = 60 * 60 * 1000;

export function sessionFixture(overrides: Partial<Session> = {}): Session {
  return {
    token: 'id-token-1',
    refreshToken: 'refresh-token-1',
    expiresAt: Date.now() + HOUR_MS,
    user: {
      email: 'ops@deskline.test',
      name: 'Olivia Ops',
      username: 'olivia',
      token: 'id-token-1',
      role: 'admin',
      rooms: [],
      user_id: 'user-1',
    },
    ...overrides,
  };
}

/** Puts a signed-in session in localStorage, as a previous sign-in would have. */
export function signInAs(overrides: Partial<Session> = {}): Session {
  const session = sessionFixture(overrides);
  saveSession(session);
  return session;
}
