import { membershipPublicConfig } from '../../../functions/lib/membership/config';

const saved = { ...process.env };

beforeEach(() => {
  process.env.MEMBERSHIP_API_URL = 'https://members.example.com/';
  delete process.env.MEMBERSHIP_SITE_URL;
  delete process.env.TOOLS_SITE_URL;
  delete process.env.MEMBERSHIP_SESSION_COOKIE;
});

afterAll(() => {
  process.env = saved;
});

describe("the SPA's membership config", () => {
  it('names no session cookie unless one is configured: the cookie tier stays off', () => {
    expect(membershipPublicConfig()).toMatchObject({
      origin: 'https://members.example.com',
      loginUrl: 'https://members.example.com/login',
      sessionCookie: null,
    });
    process.env.MEMBERSHIP_SESSION_COOKIE = '  ';
    expect(membershipPublicConfig().sessionCookie).toBeNull();
  });

  it('names the configured session cookie', () => {
    process.env.MEMBERSHIP_SESSION_COOKIE = ' PHPSESSID ';
    expect(membershipPublicConfig().sessionCookie).toBe('PHPSESSID');
  });

  it.each(['amember sid', 'sid;path=/', 'a=b', 'sé'])(
    'refuses %p, which is no cookie name',
    (name) => {
      process.env.MEMBERSHIP_SESSION_COOKIE = name;
      expect(() => membershipPublicConfig()).toThrow(/is not a cookie name/);
    },
  );
});
