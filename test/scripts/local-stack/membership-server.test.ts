import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  demoMembers,
  MEMBERSHIP_SESSION_COOKIE,
  startMembershipServer,
  type MembershipServer,
} from '../../../scripts/local-stack/membership-server';

const APP = 'http://localhost:3999';
const KEY = 'stand-in-key';

describe('membership stand-in', () => {
  let server: MembershipServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'deskline-membership-'));
    server = await startMembershipServer({
      port: 0,
      dataDir: dir,
      apiKey: KEY,
      appOrigins: [APP],
      seed: demoMembers('Demo-Password-1'),
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const login = (
    amember_login: string,
    amember_pass: string,
    redirect = `${APP}/amember-dashboard`,
  ) =>
    fetch(`${server.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        amember_login,
        amember_pass,
        login_attempt_id: String(Date.now()),
        amember_redirect_url: redirect,
      }).toString(),
    });

  /** The stand-in listened on every interface, so anyone on the network reached it. */
  it('listens on loopback only', async () => {
    const reachable = (host: string) =>
      new Promise<boolean>((done) => {
        const socket = connect(server.port, host);
        socket.setTimeout(5_000, () => {
          socket.destroy();
          done(false);
        });
        socket.once('connect', () => {
          socket.destroy();
          done(true);
        });
        socket.once('error', () => done(false));
      });
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
      .map((entry) => entry!.address);
    // A machine without a network interface has nothing to expose: loopback is then the only one.
    const outside = await Promise.all(external.map(reachable));

    expect(await reachable('127.0.0.1')).toBe(true);
    expect(external.length === 0 || outside.every((open) => !open)).toBe(true);
    expect(outside).toEqual(external.map(() => false));
  });

  it('refuses the REST API without the right X-API-Key', async () => {
    const none = await fetch(`${server.url}/api/users`);
    expect(none.status).toBe(401);
    const wrong = await fetch(`${server.url}/api/users`, { headers: { 'X-API-Key': 'x' } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${server.url}/api/users`, { headers: { 'X-API-Key': KEY } });
    const body = await right.json();
    expect(body._total).toBe(1);
    expect(body['0']).toMatchObject({ user_id: 1, login: 'trader', rithmic_user_id: 'TR000001' });
    expect(body['0'].pass).toMatch(/^scrypt\$/);
  });

  it('keeps its users in its own storage file, hashed', () => {
    const stored = readFileSync(join(dir, 'membership.json'), 'utf8');
    expect(stored).toContain('trader@example.com');
    expect(stored).not.toContain('Demo-Password-1');
  });

  it('redirects the login form back with amember_success and user_id, and opens the member pages', async () => {
    const ok = await login('trader@example.com', 'Demo-Password-1');
    expect(ok.status).toBe(303);
    const back = new URL(ok.headers.get('location')!);
    expect(back.origin).toBe(APP);
    expect(back.searchParams.get('amember_success')).toBe('1');
    expect(back.searchParams.get('user_id')).toBe('1');
    const cookie = ok.headers.get('set-cookie')!.split(';')[0]!;
    // The session cookie the local stack names to the SPA, readable by its cookie tier.
    expect(cookie.startsWith(`${MEMBERSHIP_SESSION_COOKIE}=`)).toBe(true);
    expect(ok.headers.get('set-cookie')).not.toMatch(/HttpOnly/i);

    const history = await fetch(`${server.url}/member/payment-history`, { headers: { cookie } });
    const html = await history.text();
    expect(html).toContain('INV-1001');
    expect(history.headers.get('content-security-policy')).toContain(APP);
    for (const path of [
      '/member',
      '/signup',
      '/profile',
      '/member/evaluations',
      '/mim',
      '/chat',
      '/spygate',
      '/wrap',
      '/livesquawk',
    ]) {
      const page = await fetch(`${server.url}${path}`, { headers: { cookie } });
      expect([path, page.status]).toEqual([path, 200]);
      expect(await page.text()).not.toContain('Member Login');
    }
    const anonymous = await fetch(`${server.url}/member/payment-history`);
    expect(await anonymous.text()).not.toContain('INV-1001');
  });

  it('answers a wrong password with amember_success=0 and never redirects elsewhere', async () => {
    const wrong = await login('trader', 'nope');
    const back = new URL(wrong.headers.get('location')!);
    expect(back.searchParams.get('amember_success')).toBe('0');
    expect(back.searchParams.has('user_id')).toBe(false);
    const elsewhere = await login('trader', 'Demo-Password-1', 'https://evil.example.com/x');
    expect(elsewhere.headers.get('location')).toBe('/member');
  });
});

describe('membership stand-in on a later start', () => {
  /** The stand-in seeded only when its file was absent, so DEMO_PASSWORD was ignored. */
  it('applies the seed password and name of an existing member at every start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deskline-membership-restart-'));
    const start = (password: string, holder?: { firstName: string; lastName: string }) =>
      startMembershipServer({
        port: 0,
        dataDir: dir,
        apiKey: KEY,
        appOrigins: [APP],
        seed: demoMembers(password, holder),
      });
    const check = async (server: MembershipServer, pass: string) => {
      const query = new URLSearchParams({ login: 'trader', pass });
      const answer = await fetch(`${server.url}/api/check-access/by-login-pass?${query}`, {
        headers: { 'X-API-Key': KEY },
      });
      return (await answer.json()) as { ok: boolean; name?: string };
    };
    try {
      const first = await start('First-Password-1');
      expect((await check(first, 'First-Password-1')).ok).toBe(true);
      await first.close();

      const second = await start('Second-Password-2', { firstName: 'Robert', lastName: 'Dubois' });
      try {
        expect(await check(second, 'Second-Password-2')).toMatchObject({
          ok: true,
          name: 'Robert Dubois',
        });
        expect((await check(second, 'First-Password-1')).ok).toBe(false);
      } finally {
        await second.close();
      }
      // Applied to the stored file too, not only to the running stand-in.
      expect(readFileSync(join(dir, 'membership.json'), 'utf8')).toContain('"Robert"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
