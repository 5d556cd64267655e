import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The local stand-in of the firm's membership system (aMember Pro, DESIGN §12): it is to aMember what
 * cognito-local is to Cognito. It speaks the REST subset the product's client uses (`X-API-Key`):
 *   GET  /api/users?_count&_page&_filter[login|email|user_id]  → `{ "0": user, …, "_total": n }`
 *   GET  /api/users/{id}                                        → user (404 `{error, message}`)
 *   POST /api/users (form or JSON)                              → `[user]` (409 when taken)
 *   GET  /api/check-access/by-login-pass?login&pass             → `{ ok, user_id, … }` | `{ ok: false }`
 * and the browser side: the member-login form post (`POST /login` with `amember_login`,
 * `amember_pass`, `amember_redirect_url`, redirecting back with `amember_success` and `user_id`),
 * logout, the member pages the trader hub embeds and the four tool pages, as simple server-rendered
 * HTML with the signed-in member's own data. Its storage is one JSON file under its data folder, or
 * memory when it has none (tests).
 */

export interface StoredPayment {
  date: string;
  product: string;
  amount: string;
  invoice: string;
}

export interface StoredMember {
  user_id: number;
  login: string;
  email: string;
  name_f: string;
  name_l: string;
  /** `scrypt$salt$hash`: the system keeps a hash, never the password. */
  pass: string;
  status: number;
  is_approved: number;
  rithmic_user_id?: string;
  rithmic_passwd?: string;
  added: string;
  last_login: string | null;
  payments: StoredPayment[];
  evaluations: string[];
}

interface Storage {
  nextId: number;
  users: StoredMember[];
}

export interface MembershipSeedUser {
  login: string;
  email: string;
  name_f: string;
  name_l: string;
  password: string;
  rithmic_user_id?: string;
  rithmic_passwd?: string;
  payments?: StoredPayment[];
  evaluations?: string[];
}

export interface MembershipServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Where `membership.json` lives; memory only when absent. */
  dataDir?: string;
  apiKey: string;
  /** Origins the login form may redirect back to and that may frame the pages (the SPA's). */
  appOrigins: readonly string[];
  /**
   * Members created when the storage is new. On later starts a seed member that still exists (same
   * login) gets the seed's password and name again: `DEMO_PASSWORD` applies at every start (README).
   */
  seed?: readonly MembershipSeedUser[];
}

export interface MembershipServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The demo member of every fresh local stack: the demo trader TR000001, under the trader record's own
 * name (the stack passes the demo data's first trader), so the sidebar and the dashboard name one person.
 */
export function demoMembers(
  password: string,
  holder: { firstName: string; lastName: string } = { firstName: 'Demo', lastName: 'Trader' },
): MembershipSeedUser[] {
  return [
    {
      login: 'trader',
      email: 'trader@example.com',
      name_f: holder.firstName,
      name_l: holder.lastName,
      password,
      rithmic_user_id: 'TR000001',
      rithmic_passwd: 'Rithmic-Demo-1',
      payments: [
        { date: '2026-01-05', product: '50K Evaluation', amount: '$99.00', invoice: 'INV-1001' },
        { date: '2026-02-02', product: '50K Evaluation', amount: '$99.00', invoice: 'INV-1034' },
        { date: '2026-02-16', product: '100K Evaluation', amount: '$165.00', invoice: 'INV-1077' },
      ],
      evaluations: ['50K Evaluation', '100K Evaluation'],
    },
  ];
}

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [, salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** The system's own time text (`2026-03-02 14:31:05`), UTC. */
const membershipTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/** A user as the REST API answers it: everything but the stand-in's own extras. */
function apiUser(user: StoredMember): Record<string, unknown> {
  const { payments: _payments, evaluations: _evaluations, ...rest } = user;
  return rest;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** A request the stand-in cannot read (bad JSON, too large): answered 400, not 500. */
class BadRequestError extends Error {}

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new BadRequestError('body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      throw new BadRequestError('malformed JSON body');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new BadRequestError('the body must be a JSON object');
    }
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** `decodeURIComponent` that keeps a malformed escape as it is instead of throwing. */
function decodeLeniently(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function cookiesOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    (req.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair) => pair.length === 2)
      .map(([key, value]) => [key as string, decodeLeniently(value as string)]),
  );
}

/**
 * The stand-in's session cookie. Like PHP's session cookie of aMember (`PHPSESSID`, not HttpOnly
 * unless PHP is told so) it is readable by scripts, so the SPA's cookie tier (spec 000 §4) can see it:
 * locally the stand-in (localhost:3100) shares the app's cookie domain (cookies ignore the port). The
 * local stack hands this name to the SPA as `MEMBERSHIP_SESSION_COOKIE`.
 */
export const MEMBERSHIP_SESSION_COOKIE = 'amember_sid';

/** The address the stand-in listens on. Its URL still says `localhost` (the app's cookie domain). */
export const MEMBERSHIP_HOST = '127.0.0.1';
const SESSION_COOKIE = MEMBERSHIP_SESSION_COOKIE;

export async function startMembershipServer(
  options: MembershipServerOptions,
): Promise<MembershipServer> {
  const file = options.dataDir ? join(options.dataDir, 'membership.json') : undefined;
  let storage: Storage;
  if (file && existsSync(file)) {
    storage = JSON.parse(readFileSync(file, 'utf8')) as Storage;
    for (const seed of options.seed ?? []) {
      const member = storage.users.find((user) => user.login === seed.login);
      if (!member) continue;
      if (!(await passwordMatches(seed.password, member.pass))) {
        member.pass = await hashPassword(seed.password);
      }
      member.name_f = seed.name_f;
      member.name_l = seed.name_l;
    }
  } else {
    storage = { nextId: 1, users: [] };
    for (const seed of options.seed ?? []) {
      storage.users.push({
        user_id: storage.nextId++,
        login: seed.login,
        email: seed.email,
        name_f: seed.name_f,
        name_l: seed.name_l,
        pass: await hashPassword(seed.password),
        status: 1,
        is_approved: 1,
        rithmic_user_id: seed.rithmic_user_id,
        rithmic_passwd: seed.rithmic_passwd,
        added: membershipTime(new Date()),
        last_login: null,
        payments: seed.payments ?? [],
        evaluations: seed.evaluations ?? [],
      });
    }
  }
  const save = () => {
    if (!file || !options.dataDir) return;
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(storage, null, 2));
    renameSync(`${file}.tmp`, file);
  };
  save();

  /** Browser sessions: session id → user id (memory; a restart signs members out, like a deploy). */
  const sessions = new Map<string, number>();
  const frameAncestors = ['self', ...options.appOrigins].map((origin) =>
    origin === 'self' ? "'self'" : origin,
  );

  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const byLoginOrEmail = (value: string) =>
    storage.users.find((user) => same(user.login, value) || same(user.email, value));

  function send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  function page(res: ServerResponse, title: string, body: string, status = 200): void {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `frame-ancestors ${frameAncestors.join(' ')}`,
      'cache-control': 'no-store',
    });
    // Tells the embedding hub whether the member is signed in here (spec 001 §7 'Window messages').
    const authenticated = !title.startsWith('Member Login');
    const targets = JSON.stringify(options.appOrigins);
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1a202c;background:#fff}
table{border-collapse:collapse}td,th{border:1px solid #cbd5e0;padding:.3rem .6rem;text-align:left}
@media (prefers-color-scheme: dark){body{color:#e2e8f0;background:#1a202c}}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}
<script>if (window.parent !== window) for (const origin of ${targets})
window.parent.postMessage({ type: 'IFRAME_AUTH_STATUS', authenticated: ${authenticated} }, origin);</script>
</body></html>`);
  }

  function loginPage(res: ServerResponse, message = ''): void {
    page(
      res,
      'Member Login',
      `${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/login"><label>Username or Email <input name="amember_login"></label>
<label>Password <input type="password" name="amember_pass"></label><button>Login</button></form>`,
    );
  }

  function memberOf(req: IncomingMessage): StoredMember | undefined {
    const sid = cookiesOf(req)[SESSION_COOKIE];
    const userId = sid ? sessions.get(sid) : undefined;
    return storage.users.find((user) => user.user_id === userId);
  }

  const memberPages: Record<string, (member: StoredMember) => [string, string]> = {
    '/member': (m) => [
      'Member Home',
      `<p>Welcome, ${escapeHtml(`${m.name_f} ${m.name_l}`)} (${escapeHtml(m.login)})</p>
<p>Email: ${escapeHtml(m.email)}</p><p>Trader ID: ${escapeHtml(m.rithmic_user_id ?? 'Not linked')}</p>
<h2>Your Subscriptions</h2><ul>${m.evaluations.map((e) => `<li>${escapeHtml(e)}</li>`).join('') || '<li>None</li>'}</ul>`,
    ],
    '/signup': (m) => [
      'Purchase Programs',
      `<p>Signed in as ${escapeHtml(m.login)}.</p><ul><li>50K Evaluation: $99.00</li>
<li>100K Evaluation: $165.00</li><li>150K Evaluation: $225.00</li></ul>`,
    ],
    '/profile': (m) => [
      'Profile',
      `<table><tr><th>Login</th><td>${escapeHtml(m.login)}</td></tr>
<tr><th>First Name</th><td>${escapeHtml(m.name_f)}</td></tr><tr><th>Last Name</th><td>${escapeHtml(m.name_l)}</td></tr>
<tr><th>Email</th><td>${escapeHtml(m.email)}</td></tr><tr><th>Member Since</th><td>${escapeHtml(m.added)}</td></tr></table>`,
    ],
    '/member/payment-history': (m) => [
      'Payment History',
      m.payments.length === 0
        ? '<p>No payments yet.</p>'
        : `<table><tr><th>Date</th><th>Product</th><th>Amount</th><th>Invoice</th></tr>${m.payments
            .map(
              (p) =>
                `<tr><td>${escapeHtml(p.date)}</td><td>${escapeHtml(p.product)}</td><td>${escapeHtml(p.amount)}</td><td>${escapeHtml(p.invoice)}</td></tr>`,
            )
            .join('')}</table>`,
    ],
    '/member/evaluations': (m) => [
      'BullPen Evaluations',
      `<ul>${m.evaluations.map((e) => `<li>${escapeHtml(e)}</li>`).join('') || '<li>No evaluations yet.</li>'}</ul>`,
    ],
    '/mim': (m) => ['MiM', `<p>Member in Member tools for ${escapeHtml(m.login)}.</p>`],
    '/chat': (m) => ['TradeChat', `<p>${escapeHtml(m.login)} joined the trading chat.</p>`],
    '/spygate': (m) => ['SpyGate', `<p>Market surveillance for ${escapeHtml(m.login)}.</p>`],
    '/wrap': (m) => [
      'Wrap',
      `<p>Portfolio wrapping and risk tools for ${escapeHtml(m.login)}.</p>`,
    ],
    '/livesquawk': (m) => [
      'LiveSquawk',
      `<p>Real-time news and alerts for ${escapeHtml(m.login)}.</p>`,
    ],
  };

  function allowedRedirect(value: string | undefined): URL | undefined {
    if (!value) return undefined;
    try {
      const url = new URL(value);
      return options.appOrigins.includes(url.origin) ? url : undefined;
    } catch {
      return undefined;
    }
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || key !== options.apiKey) {
      send(res, 401, { error: true, message: 'API Key is invalid' });
      return;
    }
    const path = url.pathname.replace(/^\/api/, '');
    if (req.method === 'GET' && path === '/users') {
      const count = Math.min(Math.max(Number(url.searchParams.get('_count') ?? 20) || 20, 1), 100);
      const pageNumber = Math.max(Number(url.searchParams.get('_page') ?? 0) || 0, 0);
      let users = [...storage.users];
      for (const field of ['login', 'email', 'user_id'] as const) {
        const wanted = url.searchParams.get(`_filter[${field}]`);
        if (wanted !== null) users = users.filter((user) => same(String(user[field]), wanted));
      }
      const slice = users.slice(pageNumber * count, pageNumber * count + count);
      send(res, 200, {
        ...Object.fromEntries(slice.map((user, index) => [String(index), apiUser(user)])),
        _total: users.length,
      });
      return;
    }
    const one = /^\/users\/(\d+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const user = storage.users.find((entry) => entry.user_id === Number(one[1]));
      if (!user) send(res, 404, { error: true, message: 'Record not found' });
      else send(res, 200, [apiUser(user)]);
      return;
    }
    if (req.method === 'POST' && path === '/users') {
      const body = await readBody(req);
      const login = body.login?.trim() ?? '';
      const email = body.email?.trim() ?? '';
      if (!login || !email || !body.pass) {
        send(res, 400, { error: true, message: 'login, email and pass are required' });
        return;
      }
      if (storage.users.some((user) => same(user.login, login))) {
        send(res, 409, { error: true, message: `A user with login ${login} already exists` });
        return;
      }
      if (storage.users.some((user) => same(user.email, email))) {
        send(res, 409, { error: true, message: `A user with email ${email} already exists` });
        return;
      }
      const user: StoredMember = {
        user_id: storage.nextId++,
        login,
        email,
        name_f: body.name_f ?? '',
        name_l: body.name_l ?? '',
        pass: await hashPassword(body.pass),
        status: Number(body.status ?? 1),
        is_approved: 1,
        added: membershipTime(new Date()),
        last_login: null,
        payments: [],
        evaluations: [],
        ...(body.rithmic_user_id && { rithmic_user_id: body.rithmic_user_id }),
        ...(body.rithmic_passwd && { rithmic_passwd: body.rithmic_passwd }),
      };
      storage.users.push(user);
      save();
      send(res, 200, [apiUser(user)]);
      return;
    }
    if (req.method === 'GET' && path === '/check-access/by-login-pass') {
      const user = byLoginOrEmail(url.searchParams.get('login') ?? '');
      const pass = url.searchParams.get('pass') ?? '';
      if (!user || !(await passwordMatches(pass, user.pass))) {
        send(res, 200, { ok: false, code: -1, msg: 'The user name or password is incorrect' });
        return;
      }
      user.last_login = membershipTime(new Date());
      save();
      send(res, 200, {
        ok: true,
        user_id: user.user_id,
        login: user.login,
        email: user.email,
        name: `${user.name_f} ${user.name_l}`.trim(),
      });
      return;
    }
    send(res, 404, { error: true, message: 'Unknown API method' });
  }

  async function site(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.pathname === '/login' && req.method === 'POST') {
      const body = await readBody(req);
      const redirect = allowedRedirect(body.amember_redirect_url);
      const user = byLoginOrEmail(body.amember_login ?? '');
      const ok = !!user && (await passwordMatches(body.amember_pass ?? '', user.pass));
      if (!redirect) {
        if (!ok) return loginPage(res, 'The user name or password is incorrect');
      }
      const headers: Record<string, string | string[]> = {};
      if (ok && user) {
        const sid = randomBytes(24).toString('base64url');
        sessions.set(sid, user.user_id);
        user.last_login = membershipTime(new Date());
        save();
        headers['set-cookie'] = `${SESSION_COOKIE}=${sid}; Path=/; SameSite=Lax`;
      }
      if (!redirect) {
        res.writeHead(303, { ...headers, location: '/member' });
        res.end();
        return;
      }
      redirect.searchParams.set('amember_success', ok ? '1' : '0');
      if (ok && user) redirect.searchParams.set('user_id', String(user.user_id));
      res.writeHead(303, { ...headers, location: redirect.toString() });
      res.end();
      return;
    }
    if (url.pathname === '/login') return loginPage(res);
    if (url.pathname === '/logout') {
      const sid = cookiesOf(req)[SESSION_COOKIE];
      if (sid) sessions.delete(sid);
      res.writeHead(200, {
        'set-cookie': `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`,
        'content-type': 'text/html; charset=utf-8',
      });
      res.end('<!doctype html><title>Logged out</title><p>You are logged out.</p>');
      return;
    }
    const render = memberPages[url.pathname.replace(/\/$/, '') || '/member'];
    if (!render) return page(res, 'Not Found', '<p>This page does not exist.</p>', 404);
    const member = memberOf(req);
    if (!member) return loginPage(res, 'Please log in to continue.');
    const [title, body] = render(member);
    page(res, title, body);
  }

  // Nothing a request carries may end the stand-in: a path that is no URL
  // (`//`) is a 400, anything else that fails a 500, both answered.
  const server = createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      send(res, 400, { error: true, message: 'Malformed request path' });
      return;
    }
    const work = url.pathname.startsWith('/api/') ? api(req, res, url) : site(req, res, url);
    work.catch((error: unknown) => {
      if (res.headersSent) res.end();
      else if (error instanceof BadRequestError)
        send(res, 400, { error: true, message: error.message });
      else send(res, 500, { error: true, message: 'Internal error' });
    });
  });
  // Loopback only: the stand-in holds members' passwords and answers its REST API to
  // whoever has the key; nobody on the network needs it.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, MEMBERSHIP_HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
