import { ApiError } from '@/lib/api-client';
import {
  checkMembershipLogin,
  waitForMembershipLogin,
} from '@/features/trader-area/membership-check';
import { MEMBER_ORIGIN, loggedInAnswer, memberUser } from './trader-fixtures';

const notLoggedIn = { success: true, isLoggedIn: false, data: { user: null, sessionId: null } };

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('membership-login check', () => {
  it('answers from the server tier when it answers', async () => {
    const result = await checkMembershipLogin({
      server: async () => loggedInAnswer,
      membershipOrigin: MEMBER_ORIGIN,
    });
    expect(result).toEqual({ isLoggedIn: true, user: memberUser, sessionId: null });
  });

  it('reads 401 and 403 from the server as not logged in', async () => {
    for (const status of [401, 403]) {
      const result = await checkMembershipLogin({
        server: async () => {
          throw new ApiError('refused', status);
        },
        membershipOrigin: MEMBER_ORIGIN,
      });
      expect(result.isLoggedIn).toBe(false);
    }
  });

  it('falls to the frame tier, which is missing, and reports the first failure', async () => {
    const result = await checkMembershipLogin({
      server: async () => {
        throw new ApiError('API error: 502', 502);
      },
      membershipOrigin: MEMBER_ORIGIN,
    });
    expect(result).toEqual({
      isLoggedIn: false,
      user: null,
      error: 'Server API request failed: 502',
    });
  });

  it("takes the frame's answer from the membership origin only", async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('data-membership-frame', '');
    document.body.appendChild(frame);
    const target = frame.contentWindow as Window;
    jest.spyOn(target, 'postMessage').mockImplementation(() => {
      const answer = (origin: string, authenticated: boolean) =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { type: 'IFRAME_AUTH_STATUS', authenticated },
            origin,
            source: target,
          }),
        );
      setTimeout(() => {
        answer('https://evil.test', false);
        answer(MEMBER_ORIGIN, true);
      }, 0);
    });

    const result = await checkMembershipLogin({
      server: async () => {
        throw new ApiError('API error: 500', 500);
      },
      membershipOrigin: MEMBER_ORIGIN,
    });

    expect(result.isLoggedIn).toBe(true);
  });

  it('gives up on a silent frame after 5000 ms', async () => {
    jest.useFakeTimers();
    const frame = document.createElement('iframe');
    frame.setAttribute('data-membership-frame', '');
    document.body.appendChild(frame);

    const pending = checkMembershipLogin({
      server: async () => {
        throw new ApiError('API error: 500', 500);
      },
      membershipOrigin: MEMBER_ORIGIN,
    });
    await jest.advanceTimersByTimeAsync(4999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);

    expect((await pending).isLoggedIn).toBe(false);
  });

  it('times the server out after 5000 ms', async () => {
    jest.useFakeTimers();
    const pending = checkMembershipLogin({
      server: () => new Promise(() => undefined),
      membershipOrigin: MEMBER_ORIGIN,
    });
    await jest.advanceTimersByTimeAsync(5000);
    expect(await pending).toEqual({ isLoggedIn: false, user: null, error: 'Login check timeout' });
  });

  describe('cookie tier', () => {
    const failingServer = async () => {
      throw new ApiError('API error: 502', 502);
    };
    const setCookie = (cookie: string) => (document.cookie = `${cookie}; path=/`);

    afterEach(() => {
      for (const name of ['amember_sid', 'other', 'amember_sid_old']) {
        document.cookie = `${name}=; path=/; max-age=0`;
      }
    });

    it('reads the configured session cookie as logged in, its value as the session id', async () => {
      setCookie('other=1');
      setCookie('amember_sid=s3ss10n');

      const result = await checkMembershipLogin({
        server: failingServer,
        membershipOrigin: MEMBER_ORIGIN,
        sessionCookie: 'amember_sid',
      });

      expect(result).toEqual({ isLoggedIn: true, user: null, sessionId: 's3ss10n' });
    });

    it('reads a missing or empty session cookie as logged out, with the first failure', async () => {
      setCookie('amember_sid_old=stale');
      const check = () =>
        checkMembershipLogin({
          server: failingServer,
          membershipOrigin: MEMBER_ORIGIN,
          sessionCookie: 'amember_sid',
        });

      expect(await check()).toEqual({
        isLoggedIn: false,
        user: null,
        error: 'Server API request failed: 502',
      });
      setCookie('amember_sid=');
      expect((await check()).isLoggedIn).toBe(false);
    });

    it('is off without a configured cookie name, whatever cookies there are', async () => {
      setCookie('amember_sid=s3ss10n');

      for (const sessionCookie of [null, undefined, '']) {
        const result = await checkMembershipLogin({
          server: failingServer,
          membershipOrigin: null,
          sessionCookie,
        });
        expect(result).toEqual({
          isLoggedIn: false,
          user: null,
          error: 'Server API request failed: 502',
        });
      }
    });
  });

  it('waits up to 10 attempts 1000 ms apart for a fresh login', async () => {
    jest.useFakeTimers();
    const server = jest.fn(async () => notLoggedIn);

    const pending = waitForMembershipLogin({ server, membershipOrigin: MEMBER_ORIGIN });
    await jest.advanceTimersByTimeAsync(8999);
    expect(server).toHaveBeenCalledTimes(9);
    await jest.advanceTimersByTimeAsync(1000);

    expect((await pending).isLoggedIn).toBe(false);
    expect(server).toHaveBeenCalledTimes(10);
    await jest.advanceTimersByTimeAsync(5000);
    expect(server).toHaveBeenCalledTimes(10);
  });

  it('stops waiting at the first check that says logged in', async () => {
    jest.useFakeTimers();
    const server = jest
      .fn()
      .mockResolvedValueOnce(notLoggedIn)
      .mockResolvedValueOnce(notLoggedIn)
      .mockResolvedValue(loggedInAnswer);

    const pending = waitForMembershipLogin({ server, membershipOrigin: MEMBER_ORIGIN });
    await jest.advanceTimersByTimeAsync(2000);

    expect((await pending).isLoggedIn).toBe(true);
    expect(server).toHaveBeenCalledTimes(3);
  });
});
