import { handler } from '../../../functions/firms/handler';
import { logger } from '../../../functions/lib/logger';
import { firmRepository } from '../../../functions/lib/repositories/firm-repository';
import { firmBody, FIRM_SECRETS } from '../../support/firms';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke, routeCaller } from '../../support/http-events';

const admin = claimsFor('admin');
const trader = claimsFor('trader');

const routes = {
  list: { method: 'GET', path: '/api/firms' },
  stats: { method: 'GET', path: '/api/firms/stats' },
  search: { method: 'GET', path: '/api/firms/search' },
  get: { method: 'GET', path: '/api/firms/{id}' },
  create: { method: 'POST', path: '/api/firms' },
  update: { method: 'PUT', path: '/api/firms/{id}' },
  remove: { method: 'DELETE', path: '/api/firms/{id}' },
} as const;

type RouteName = keyof typeof routes;

const call = routeCaller(handler, routes, admin);

const firmPath = (id: string) => ({ pathParameters: { id } });

async function clearFirms() {
  for (const firm of await firmRepository.list()) await firmRepository.delete(firm.id);
}

function expectNoSecrets(value: unknown) {
  const text = JSON.stringify(value);
  for (const secret of FIRM_SECRETS) expect(text).not.toContain(secret);
  expect(text).not.toContain('password');
  expect(text).not.toContain('apiKeys');
  expect(text).not.toMatch(/payoutKeys|stripeKeys|serverKeys/);
}

describe('firms', () => {
  useFreshTable();
  afterEach(clearFirms);

  it('creates a firm (201 with its id) and reads it back whole, secrets included, to staff', async () => {
    const created = await call('create', { body: firmBody() });

    expect(created).toEqual({
      status: 201,
      body: { data: { id: 'acme-trading' }, message: 'Firm created successfully!' },
    });
    const { status, body } = await call('get', firmPath('acme-trading'));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: 'acme-trading',
      name: 'Acme Trading',
      status: 'active',
      brokers: [{ name: 'Rithmic', mgrAccount: [{ password: 'mgr-password-1' }] }],
      managerSoftware: [{ password: 'software-password-1', apiKeys: { main: 'api-key-value-1' } }],
      payoutKeys: { secret: 'payout-secret-1' },
      stripeKeys: { secret: 'stripe-secret-1' },
      serverKeys: { secret: 'server-secret-1' },
    });
    expect(body.data.createdAt).toEqual(expect.any(String));
  });

  it('reads a single manager software entry as a list of one', async () => {
    await call('create', {
      body: firmBody({ managerSoftware: { name: 'NinjaTrader', password: 'software-password-1' } }),
    });

    const { body } = await call('get', firmPath('acme-trading'));

    expect(body.data.managerSoftware).toEqual([
      { name: 'NinjaTrader', password: 'software-password-1', apiKeys: {} },
    ]);
  });

  it('lists and searches firms without any secret', async () => {
    await call('create', { body: firmBody() });

    const list = await call('list');
    const search = await call('search', { query: { q: 'ACME' } });

    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      id: 'acme-trading',
      brokers: [{ mgrAccount: [{ accountNumber: 'FCM-1', username: 'fcm-user' }] }],
      managerSoftware: [{ name: 'R Trader Pro', username: 'rtrader' }],
    });
    expectNoSecrets(list.body);
    expect(search.body.data.map((firm: { id: string }) => firm.id)).toEqual(['acme-trading']);
    expectNoSecrets(search.body);
  });

  it('never hands a secret to the logger, whatever the route answers', async () => {
    const logged: unknown[] = [];
    const spies = (['debug', 'info', 'warn', 'error', 'appendKeys'] as const).map((level) =>
      jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      }),
    );
    try {
      await call('create', { body: firmBody() });
      await call('create', { body: firmBody() });
      await call('update', { ...firmPath('acme-trading'), body: firmBody({ email: 'bad' }) });
      await call('get', firmPath('acme-trading'));
      await call('list');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const text = JSON.stringify(logged, (_key, value: unknown) =>
      value instanceof Error ? { message: value.message, stack: value.stack } : value,
    );
    expect(logged.length).toBeGreaterThan(5);
    for (const secret of FIRM_SECRETS) expect(text).not.toContain(secret);
  });

  it('filters by status, counts per status and lists in name order', async () => {
    await call('create', { body: firmBody({ id: 'zeta', name: 'Zeta Capital' }) });
    await call('create', {
      body: firmBody({ id: 'alpha', name: 'alpha futures', status: 'inactive' }),
    });
    await call('create', {
      body: firmBody({ id: 'beta', name: 'Beta Desk', status: 'suspended' }),
    });
    await call('create', { body: firmBody({ id: 'gamma', name: 'Gamma Group' }) });

    const all = await call('list');
    const active = await call('list', { query: { status: 'active' } });
    const everyStatus = await call('list', { query: { status: 'all' } });
    const stats = await call('stats');

    const ids = (answer: { body: { data: { id: string }[] } }) =>
      answer.body.data.map((firm) => firm.id);
    expect(ids(all)).toEqual(['alpha', 'beta', 'gamma', 'zeta']);
    expect(ids(active)).toEqual(['gamma', 'zeta']);
    expect(ids(everyStatus)).toEqual(ids(all));
    expect(stats).toEqual({
      status: 200,
      body: { data: { total: 4, active: 2, inactive: 1, suspended: 1 } },
    });
  });

  it('searches names case-insensitively by substring', async () => {
    await call('create', { body: firmBody({ id: 'one', name: 'North Star Trading' }) });
    await call('create', { body: firmBody({ id: 'two', name: 'Southern Futures' }) });

    const { body } = await call('search', { query: { q: ' star ' } });
    const none = await call('search', { query: { q: 'nothing like it' } });

    expect(body.data.map((firm: { id: string }) => firm.id)).toEqual(['one']);
    expect(none.body.data).toEqual([]);
  });

  it('searches the firm id and the e-mail address as well as the name', async () => {
    await call('create', {
      body: firmBody({ id: 'nstar-01', name: 'North Star Trading', email: 'desk@polaris.example' }),
    });
    await call('create', {
      body: firmBody({ id: 'south-02', name: 'Southern Futures', email: 'ops@south.example' }),
    });

    const ids = async (q: string) =>
      (await call('search', { query: { q } })).body.data.map((firm: { id: string }) => firm.id);

    expect(await ids('NSTAR')).toEqual(['nstar-01']);
    expect(await ids('-02')).toEqual(['south-02']);
    expect(await ids('Polaris.EXAMPLE')).toEqual(['nstar-01']);
    expect(await ids('.example')).toEqual(['nstar-01', 'south-02']);
    expect(await ids('futures')).toEqual(['south-02']);
  });

  it('updates a firm: a new status moves it between the filters', async () => {
    await call('create', { body: firmBody() });

    const updated = await call('update', {
      ...firmPath('acme-trading'),
      body: firmBody({ name: 'Acme Trading LLC', status: 'suspended', managerSoftware: [] }),
    });

    expect(updated).toEqual({
      status: 200,
      body: { data: { id: 'acme-trading' }, message: 'Firm updated successfully!' },
    });
    const { body } = await call('get', firmPath('acme-trading'));
    expect(body.data).toMatchObject({
      name: 'Acme Trading LLC',
      status: 'suspended',
      managerSoftware: [],
    });
    expect((await call('list', { query: { status: 'active' } })).body.data).toEqual([]);
    expect((await call('stats')).body.data).toEqual({
      total: 1,
      active: 0,
      inactive: 0,
      suspended: 1,
    });
  });

  it('deletes a firm', async () => {
    await call('create', { body: firmBody() });

    const removed = await call('remove', firmPath('acme-trading'));

    expect(removed).toEqual({
      status: 200,
      body: { success: true, message: 'Firm deleted successfully' },
    });
    expect((await call('get', firmPath('acme-trading'))).status).toBe(404);
  });

  it('refuses a second firm with the same id (409) and keeps the first', async () => {
    await call('create', { body: firmBody() });

    const again = await call('create', { body: firmBody({ name: 'Impostor' }) });

    expect(again.status).toBe(409);
    // The form puts the message on the Firm ID field: the answer names it.
    const message = 'A firm with ID acme-trading already exists';
    expect(again.body.error).toMatchObject({
      code: 'CONFLICT',
      message,
      details: [{ field: 'id', message }],
    });
    expect((await firmRepository.get('acme-trading'))?.name).toBe('Acme Trading');
  });

  it('refuses changing the firm id on update, and writes nothing', async () => {
    await call('create', { body: firmBody() });

    const { status, body } = await call('update', {
      ...firmPath('acme-trading'),
      body: firmBody({ id: 'other-id', name: 'Changed' }),
    });

    expect(status).toBe(400);
    expect(body.error.details).toEqual([{ field: 'id', message: 'Firm ID cannot be changed' }]);
    expect((await firmRepository.get('acme-trading'))?.name).toBe('Acme Trading');
  });

  it.each([
    ['id', { id: '' }, 'Please fill in all required fields'],
    ['name', { name: '  ' }, 'Please fill in all required fields'],
    ['email', { email: undefined }, 'Please fill in all required fields'],
    ['industry', { industry: '' }, 'Please fill in all required fields'],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address'],
    [
      'id',
      { id: 'has space' },
      'Firm ID can only contain letters, numbers, hyphens and underscores',
    ],
    ['establishedYear', { establishedYear: 1799 }, 'Established year must be 1800 or later'],
    [
      'establishedYear',
      { establishedYear: new Date().getFullYear() + 1 },
      `Established year must not be after ${new Date().getFullYear()}`,
    ],
    ['numberOfEmployees', { numberOfEmployees: 0 }, 'Number of employees must be at least 1'],
    ['revenue', { revenue: -1 }, 'Revenue must not be negative'],
    ['revenue', { revenue: 10.255 }, 'Revenue has at most two decimals'],
    ['website', { website: 'acme.example' }, 'Enter a valid URL'],
    ['status', { status: 'closed' }, 'Status must be one of active, inactive, suspended'],
    [
      'brokers.0.name',
      { brokers: [{ name: 'Tradovate' }] },
      'Broker name must be one of Rithmic, Ninja',
    ],
    [
      'brokers.0.mgrAccount.0.accountType',
      { brokers: [{ mgrAccount: [{ accountType: 'FCMX' }] }] },
      'Account type must be one of FCM, IB, FMC-TEST, IB-TEST, AMEMBER',
    ],
    [
      'managerSoftware.0.serverUrl',
      { managerSoftware: [{ serverUrl: 'nope' }] },
      'Enter a valid URL',
    ],
    ['website', { website: 'javascript:alert(1)' }, 'Website must be an http or https URL'],
    ['website', { website: ' JavaScript:alert(1)' }, 'Website must be an http or https URL'],
    ['website', { website: 'http://' }, 'Enter a valid URL'],
    [
      'brokers.0.website',
      { brokers: [{ website: 'data:text/html,<script>alert(1)</script>' }] },
      'Website must be an http or https URL',
    ],
    [
      'brokers.0.mgrAccount.0.url',
      { brokers: [{ mgrAccount: [{ url: 'vbscript:msgbox(1)' }] }] },
      'URL must be an http or https URL',
    ],
    [
      'managerSoftware.0.serverUrl',
      { managerSoftware: [{ serverUrl: 'ftp://files.example' }] },
      'Server URL must be an http or https URL',
    ],
    ['notes', { notes: 'n'.repeat(10_001) }, 'Notes must be at most 10000 characters'],
    ['color', { color: 'blue' }, 'Unknown field "color"'],
  ])(
    'refuses a firm with a bad %s (400 naming it) and writes nothing',
    async (field, overrides, message) => {
      const { status, body } = await call('create', { body: firmBody(overrides) });

      expect(status).toBe(400);
      expect(body.error.details).toContainEqual({ field, message });
      await expect(firmRepository.list()).resolves.toEqual([]);
    },
  );

  it('refuses bad list and search queries', async () => {
    const badStatus = await call('list', { query: { status: 'deleted' } });
    const noQuery = await call('search', { query: {} });
    const longQuery = await call('search', { query: { q: 'q'.repeat(201) } });

    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.details[0].field).toBe('status');
    expect(noQuery.status).toBe(400);
    expect(noQuery.body.error.details[0]).toEqual({ field: 'q', message: 'q is required' });
    expect(longQuery.status).toBe(400);
  });

  it.each(['get', 'update', 'remove'] as const)(
    'answers 404 to %s of an unknown firm',
    async (name) => {
      const { status, body } = await call(name, {
        ...firmPath('no-such-firm'),
        ...(name === 'update' && { body: firmBody({ id: 'no-such-firm' }) }),
      });

      expect(status).toBe(404);
      expect(body.error.message).toBe('Firm no-such-firm not found');
    },
  );

  it('refuses a malformed firm id in the path before reading the table', async () => {
    const { status, body } = await call('get', firmPath('a/b'));
    expect(status).toBe(400);
    expect(body.error.details[0].field).toBe('id');
  });

  it.each(Object.keys(routes))(
    '%s is staff only: a trader gets 403 and an anonymous caller 401',
    async (name) => {
      const route = routes[name as RouteName];
      const options = {
        pathParameters: { id: 'acme-trading' },
        query: { q: 'acme' },
        ...((route.method === 'POST' || route.method === 'PUT') && { body: firmBody() }),
      };
      expect((await invoke(handler, httpEvent(route, { ...options, claims: trader }))).status).toBe(
        403,
      );
      expect((await invoke(handler, httpEvent(route, options))).status).toBe(401);
      await expect(firmRepository.list()).resolves.toEqual([]);
    },
  );
});
