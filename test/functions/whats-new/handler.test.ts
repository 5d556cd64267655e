import { handler } from '../../../functions/whats-new/handler';
import { releaseRepository } from '../../../functions/lib/repositories/release-repository';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke, routeCaller } from '../../support/http-events';

const admin = claimsFor('admin');
const trader = claimsFor('trader', 'trader-7');

const routes = {
  view: { method: 'GET', path: '/api/whats-new' },
  markShown: { method: 'POST', path: '/api/whats-new/mark-shown' },
  list: { method: 'GET', path: '/api/whats-new/admin/releases' },
  stats: { method: 'GET', path: '/api/whats-new/admin/stats' },
  create: { method: 'POST', path: '/api/whats-new/admin/releases' },
  update: { method: 'PUT', path: '/api/whats-new/admin/releases/{id}' },
  publish: { method: 'POST', path: '/api/whats-new/admin/releases/{id}/publish' },
  unpublish: { method: 'POST', path: '/api/whats-new/admin/releases/{id}/unpublish' },
  remove: { method: 'DELETE', path: '/api/whats-new/admin/releases/{id}' },
} as const;

type RouteName = keyof typeof routes;

const call = routeCaller(handler, routes, admin);

const release = (id: string) => ({ pathParameters: { id } });

/** A release as the admin form sends it. */
function releaseBody(overrides: Record<string, unknown> = {}) {
  return {
    version: '2.0.0',
    releaseDate: '20260301',
    title: 'Spring release',
    summary: 'Firms and release notes',
    isActive: true,
    items: [
      {
        title: 'Firm management',
        description: 'Create, edit and delete firms',
        category: 'feature',
        date: '20260301',
        priority: 'high',
        tags: ['firms', ' firms ', ''],
      },
      { title: 'Audit paging', category: 'improvement', date: '20260228', priority: 'low' },
    ],
    ...overrides,
  };
}

async function createRelease(overrides: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await call('create', { body: releaseBody(overrides) });
  expect(status).toBe(201);
  return body.data.id as string;
}

async function clearReleases() {
  for (const stored of await releaseRepository.list()) await releaseRepository.delete(stored.id);
}

describe("What's New for signed-in users", () => {
  useFreshTable();
  afterEach(clearReleases);

  it('answers no current release and nothing unread while none is published', async () => {
    await createRelease();

    const { status, body } = await call('view', { claims: trader });

    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        currentRelease: null,
        hasUnreadUpdates: false,
        userPreferences: { preferences: { autoShowModal: true } },
      },
    });
  });

  it('shows the newest active published release, unread until the caller marks it shown', async () => {
    const older = await createRelease({ version: '1.9.0', releaseDate: '20260201' });
    const newest = await createRelease();
    const inactive = await createRelease({
      version: '2.1.0',
      releaseDate: '20260310',
      isActive: false,
    });
    for (const id of [older, newest, inactive]) {
      expect((await call('publish', release(id))).status).toBe(200);
    }

    const before = await call('view', { claims: trader });
    expect(before.body.data.hasUnreadUpdates).toBe(true);
    expect(before.body.data.currentRelease).toMatchObject({
      version: '2.0.0',
      title: 'Spring release',
      summary: 'Firms and release notes',
      releaseDate: '20260301',
    });
    expect(before.body.data.currentRelease.items[0]).toMatchObject({
      title: 'Firm management',
      tags: ['firms'],
    });
    expect(before.body.data.currentRelease).not.toHaveProperty('isPublished');

    const marked = await call('markShown', { claims: trader, body: { version: '2.0.0' } });
    expect(marked).toEqual({
      status: 200,
      body: { success: true, message: 'Marked version 2.0.0 as shown' },
    });

    expect((await call('view', { claims: trader })).body.data.hasUnreadUpdates).toBe(false);
    // Stored per user: staff have not seen it yet.
    expect((await call('view', { claims: admin })).body.data.hasUnreadUpdates).toBe(true);
    await expect(releaseRepository.seenBy('trader-7')).resolves.toBe('2.0.0');
  });

  it('counts a release as unread again when a newer one is published', async () => {
    const first = await createRelease({ version: '1.0.0' });
    await call('publish', release(first));
    await call('markShown', { claims: trader, body: { version: '1.0.0' } });
    const second = await createRelease({ version: '1.1.0', releaseDate: '20260305' });

    await call('publish', release(second));

    const { body } = await call('view', { claims: trader });
    expect(body.data.currentRelease.version).toBe('1.1.0');
    expect(body.data.hasUnreadUpdates).toBe(true);
  });

  /** Same-day releases were ordered by their random ids, so 2.1.0 could stay hidden. */
  it('shows the highest version among releases of the same release date', async () => {
    await clearReleases();
    const versions = ['2.0.0', '2.1.0', '2.2.0', '2.3.0', '2.9.0', '2.10.0', '2.4.0', '2.5.0'];
    for (const version of versions) {
      await call('publish', release(await createRelease({ version, releaseDate: '20260310' })));
    }
    // An older day's release never wins over them, whatever its version.
    await call(
      'publish',
      release(await createRelease({ version: '9.0.0', releaseDate: '20260309' })),
    );

    const { body } = await call('view', { claims: trader });
    expect(body.data.currentRelease.version).toBe('2.10.0');
    const listed = await call('list');
    expect(listed.body.data.releases.map((entry: { version: string }) => entry.version)).toEqual([
      '2.10.0',
      '2.9.0',
      '2.5.0',
      '2.4.0',
      '2.3.0',
      '2.2.0',
      '2.1.0',
      '2.0.0',
      '9.0.0',
    ]);
    await clearReleases();
  });

  it('refuses a mark-shown without a semantic version, and writes nothing', async () => {
    const newcomer = claimsFor('trader', 'trader-new');
    for (const sent of [
      {},
      { version: 'latest' },
      { version: '1.3' },
      { version: '1.3.0', extra: 1 },
    ]) {
      const { status, body } = await call('markShown', { claims: newcomer, body: sent });
      expect(status).toBe(400);
      expect(body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
        expect.stringMatching(/^(version|extra)$/),
      ]);
    }
    await expect(releaseRepository.seenBy('trader-new')).resolves.toBeUndefined();
  });

  it('answers 401 to anonymous callers of the user routes', async () => {
    for (const name of ['view', 'markShown'] as const) {
      const { status } = await invoke(
        handler,
        httpEvent(routes[name], name === 'markShown' ? { body: { version: '1.0.0' } } : {}),
      );
      expect(status).toBe(401);
    }
  });
});

describe("What's New administration", () => {
  useFreshTable();
  afterEach(clearReleases);

  it('creates a draft release with server-named items and lists it', async () => {
    const { status, body } = await call('create', { body: releaseBody() });

    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      version: '2.0.0',
      isActive: true,
      isPublished: false,
      title: 'Spring release',
    });
    expect(body.data.items.map((item: { id: string }) => item.id)).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
    const list = await call('list');
    expect(list.body.data.releases.map((entry: { id: string }) => entry.id)).toEqual([
      body.data.id,
    ]);
  });

  it('lists newest first and counts releases, active, published and items', async () => {
    const a = await createRelease({ version: '1.0.0', releaseDate: '20260101' });
    await createRelease({ version: '1.1.0', releaseDate: '20260201', isActive: false, items: [] });
    await createRelease({ version: '1.2.0', releaseDate: '20260301' });
    await call('publish', release(a));

    const list = await call('list');
    const stats = await call('stats');

    expect(list.body.data.releases.map((entry: { version: string }) => entry.version)).toEqual([
      '1.2.0',
      '1.1.0',
      '1.0.0',
    ]);
    expect(stats).toEqual({
      status: 200,
      body: { data: { totalReleases: 3, activeReleases: 2, publishedReleases: 1, totalItems: 4 } },
    });
  });

  it('edits a release, keeping its published flag and the ids of the items it keeps', async () => {
    const id = await createRelease();
    await call('publish', release(id));
    const stored = (await call('list')).body.data.releases[0];
    const kept = stored.items[0];

    const { status, body } = await call('update', {
      ...release(id),
      body: releaseBody({
        version: '2.0.1',
        title: 'Spring release, revised',
        items: [{ ...kept, title: 'Firm management, revised' }],
      }),
    });

    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id,
      version: '2.0.1',
      title: 'Spring release, revised',
      isPublished: true,
      items: [{ id: kept.id, title: 'Firm management, revised' }],
    });
  });

  it('refuses a version another release has (409) on create and on edit, and keeps the stored ones', async () => {
    const first = await createRelease({ version: '1.0.0' });
    await createRelease({ version: '1.1.0' });

    const created = await call('create', { body: releaseBody({ version: '1.1.0' }) });
    const edited = await call('update', {
      ...release(first),
      body: releaseBody({ version: '1.1.0' }),
    });
    const sameAsOwn = await call('update', {
      ...release(first),
      body: releaseBody({ version: '1.0.0' }),
    });

    expect(created.status).toBe(409);
    expect(created.body.error.message).toBe('A release with version 1.1.0 already exists');
    expect(edited.status).toBe(409);
    expect(sameAsOwn.status).toBe(200);
    const versions = (await releaseRepository.list()).map((entry) => entry.version).sort();
    expect(versions).toEqual(['1.0.0', '1.1.0']);
  });

  it.each([
    ['version', { version: '1.3' }],
    ['version', { version: '01.3.0' }],
    ['releaseDate', { releaseDate: '20260230' }],
    ['title', { title: '  ' }],
    ['title', { title: 't'.repeat(201) }],
    [
      'items.0.category',
      { items: [{ title: 'x', category: 'chore', date: '20260301', priority: 'low' }] },
    ],
    [
      'items.0.priority',
      { items: [{ title: 'x', category: 'feature', date: '20260301', priority: 'p1' }] },
    ],
    [
      'items.0.date',
      { items: [{ title: 'x', category: 'feature', date: '2026-03-01', priority: 'low' }] },
    ],
    ['isPublished', { isPublished: true }],
  ])(
    'refuses a release with a bad %s (400 naming it) and writes nothing',
    async (field, overrides) => {
      const { status, body } = await call('create', { body: releaseBody(overrides) });

      expect(status).toBe(400);
      expect(body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
      await expect(releaseRepository.list()).resolves.toEqual([]);
    },
  );

  it('publishes and unpublishes a release', async () => {
    const id = await createRelease();

    const published = await call('publish', release(id));
    expect(published.body.data.isPublished).toBe(true);
    expect((await call('view')).body.data.currentRelease.version).toBe('2.0.0');

    const unpublished = await call('unpublish', release(id));
    expect(unpublished.body.data.isPublished).toBe(false);
    expect((await call('view')).body.data.currentRelease).toBeNull();
  });

  it('deletes a release', async () => {
    const id = await createRelease();

    const { status, body } = await call('remove', release(id));

    expect(status).toBe(200);
    expect(body.success).toBe(true);
    await expect(releaseRepository.get(id)).resolves.toBeUndefined();
  });

  it.each(['update', 'publish', 'unpublish', 'remove'] as const)(
    'answers 404 to %s of an unknown release',
    async (name) => {
      const { status, body } = await call(name, {
        ...release('no-such-release'),
        ...(name === 'update' && { body: releaseBody() }),
      });
      expect(status).toBe(404);
      expect(body.error.message).toBe('Release no-such-release not found');
    },
  );

  it('refuses a malformed release id before reading the table', async () => {
    const { status, body } = await call('publish', release('a'.repeat(129)));
    expect(status).toBe(400);
    expect(body.error.details[0].field).toBe('id');
  });

  it.each(Object.keys(routes).filter((name) => !['view', 'markShown'].includes(name)))(
    '%s is staff only: a trader gets 403 and an anonymous caller 401',
    async (name) => {
      const route = routes[name as RouteName];
      const options = {
        pathParameters: { id: 'some-release' },
        ...(route.method !== 'GET' && route.method !== 'DELETE' && { body: releaseBody() }),
      };
      expect((await invoke(handler, httpEvent(route, { ...options, claims: trader }))).status).toBe(
        403,
      );
      expect((await invoke(handler, httpEvent(route, options))).status).toBe(401);
    },
  );
});
