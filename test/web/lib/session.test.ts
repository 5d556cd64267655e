import {
  clearSession,
  getSession,
  parseStoredUser,
  saveSession,
  updateSessionToken,
} from '@/lib/session';
import { sessionFixture } from '../support/session-fixtures';

afterEach(() => localStorage.clear());

describe('session storage', () => {
  it('reads back a saved session from the user, token and refresh-token entries', () => {
    const session = sessionFixture();

    saveSession(session);

    expect(getSession()).toEqual(session);
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(session.user);
    expect(localStorage.getItem('token')).toBe(session.token);
    expect(localStorage.getItem('refreshToken')).toBe(session.refreshToken);
  });

  it('clears every entry when the stored user cannot be parsed', () => {
    saveSession(sessionFixture());
    localStorage.setItem('user', '{not json');

    expect(getSession()).toBeNull();

    for (const key of ['user', 'token', 'refreshToken', 'expiresAt']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('counts a user without a token as signed out', () => {
    saveSession(sessionFixture());
    localStorage.removeItem('token');

    expect(getSession()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logout removes the user, the token and the further token entry', () => {
    saveSession(sessionFixture());

    clearSession();

    expect(getSession()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('a refreshed token replaces the old one everywhere it is stored', () => {
    saveSession(sessionFixture({ token: 'old' }));

    updateSessionToken('fresh', 42);

    expect(getSession()).toMatchObject({ token: 'fresh', expiresAt: 42, user: { token: 'fresh' } });
  });
});

describe('parseStoredUser', () => {
  const user = sessionFixture().user;

  it('keeps the known fields of a stored user and drops the others', () => {
    expect(parseStoredUser({ ...user, traderId: 'T-1', extra: 'x' })).toEqual({
      ...user,
      traderId: 'T-1',
    });
  });

  it('counts a user without a role as a trader with no rooms', () => {
    const { role: _role, rooms: _rooms, ...bare } = user;
    expect(parseStoredUser(bare)).toEqual({ ...bare, role: 'trader', rooms: [] });
  });

  it.each([
    ['a missing email', { ...user, email: undefined }],
    ['a numeric token', { ...user, token: 42 }],
    ['an unknown role', { ...user, role: 'root' }],
    ['rooms that are not text', { ...user, rooms: [1] }],
    ['a trader id that is not text', { ...user, traderId: 7 }],
    ['no object', 'admin@example.com'],
    ['null', null],
  ])('refuses %s', (_case, value) => {
    expect(parseStoredUser(value)).toBeNull();
  });
});
