import { ZodError } from 'zod';
import { KEY_ATTRIBUTES, releaseKeys } from '../../../../functions/lib/db/keys';
import { getItem } from '../../../../functions/lib/db/table';
import { NotFoundError } from '../../../../functions/lib/errors';
import {
  releaseRepository,
  type ReleaseBodyInput,
} from '../../../../functions/lib/repositories/release-repository';
import { useFreshTable } from '../../../support/fresh-table';

function body(overrides: Partial<ReleaseBodyInput> = {}): ReleaseBodyInput {
  return {
    version: '1.3.0',
    releaseDate: '20260301',
    title: ' Spring release ',
    items: [
      {
        title: 'Firm management',
        category: 'feature',
        date: '20260301',
        priority: 'high',
      },
      {
        id: 'fixed-id',
        title: 'Faster audit trail',
        category: 'improvement',
        date: '20260228',
        priority: 'medium',
      },
    ],
    ...overrides,
  };
}

const versions = (releases: { version: string }[]) => releases.map((entry) => entry.version);

function expectNoTableAttributes(value: object) {
  for (const name of KEY_ATTRIBUTES) expect(value).not.toHaveProperty(name);
}

/** Winter (1.2.0), spring (1.3.0) and summer (1.4.0) drafts, stored oldest first. */
async function threeReleases() {
  const winter = await releaseRepository.create(
    body({ version: '1.2.0', releaseDate: '20260201' }),
  );
  const spring = await releaseRepository.create(body());
  const summer = await releaseRepository.create(
    body({ version: '1.4.0', releaseDate: '20260410' }),
  );
  return { winter, spring, summer };
}

describe('releaseRepository', () => {
  useFreshTable({ perTest: true });

  it('has no current release while there is none', async () => {
    await expect(releaseRepository.list()).resolves.toEqual([]);
    await expect(releaseRepository.current()).resolves.toBeUndefined();
  });

  it('creates a draft under a new id, naming the items that have no id', async () => {
    const created = await releaseRepository.create(body());

    expect(created).toMatchObject({
      version: '1.3.0',
      title: 'Spring release',
      summary: '',
      isActive: true,
      isPublished: false,
    });
    expect(created.items.map((item) => item.id)).toEqual([expect.any(String), 'fixed-id']);
    expect(created.createdAt).toEqual(expect.any(String));
    expectNoTableAttributes(created);
    await expect(releaseRepository.get(created.id)).resolves.toEqual(created);
    await expect(getItem(releaseKeys.release(created.id))).resolves.toMatchObject({
      GSI1PK: 'RELEASES',
      GSI1SK: `20260301#${created.id}`,
    });
  });

  it('validates before writing: a release with a malformed version is refused', async () => {
    await releaseRepository.create(body());

    await expect(releaseRepository.create(body({ version: 'v2' }))).rejects.toBeInstanceOf(
      ZodError,
    );
    await expect(releaseRepository.list().then(versions)).resolves.toEqual(['1.3.0']);
  });

  it('lists releases newest release date first', async () => {
    await releaseRepository.create(body({ version: '1.1.0', releaseDate: '20260105' }));
    await threeReleases();

    const releases = await releaseRepository.list();

    expect(versions(releases)).toEqual(['1.4.0', '1.3.0', '1.2.0', '1.1.0']);
    releases.forEach(expectNoTableAttributes);
  });

  it('publishes and unpublishes by update, answering the release; a missing one is a 404', async () => {
    const { spring } = await threeReleases();

    const published = await releaseRepository.setPublished(spring.id, true);

    expect(published).toMatchObject({ id: spring.id, isPublished: true, title: spring.title });
    expectNoTableAttributes(published);
    await expect(releaseRepository.setPublished(spring.id, false)).resolves.toMatchObject({
      isPublished: false,
    });
    await expect(releaseRepository.current()).resolves.toBeUndefined();
    await releaseRepository.setPublished(spring.id, true);
    await expect(releaseRepository.get(spring.id)).resolves.toMatchObject({ isPublished: true });
    await expect(releaseRepository.setPublished('ghost', true)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(releaseRepository.get('ghost')).resolves.toBeUndefined();
  });

  it('shows the newest release that is published and active, skipping drafts and inactive ones', async () => {
    const { winter, spring, summer } = await threeReleases();
    await releaseRepository.setPublished(winter.id, true);
    await releaseRepository.setPublished(spring.id, true);

    await expect(releaseRepository.current()).resolves.toMatchObject({ version: '1.3.0' });

    await releaseRepository.replace(spring.id, body({ isActive: false }));
    await expect(releaseRepository.current()).resolves.toMatchObject({ version: '1.2.0' });

    await releaseRepository.setPublished(summer.id, true);
    await expect(releaseRepository.current()).resolves.toMatchObject({ version: '1.4.0' });
  });

  it('replaces content, keeping published flag, creation time and item ids; a new date moves it', async () => {
    const { winter, summer } = await threeReleases();
    await releaseRepository.setPublished(winter.id, true);
    await releaseRepository.setPublished(summer.id, true);

    const replaced = await releaseRepository.replace(
      summer.id,
      body({ version: '1.0.9', releaseDate: '20251201', title: 'Renamed' }),
    );

    expect(replaced).toMatchObject({
      id: summer.id,
      version: '1.0.9',
      title: 'Renamed',
      isPublished: true,
      createdAt: summer.createdAt,
    });
    expect(replaced.items[1]?.id).toBe('fixed-id');
    await expect(releaseRepository.list().then(versions)).resolves.toEqual([
      '1.3.0',
      '1.2.0',
      '1.0.9',
    ]);
    await expect(releaseRepository.current()).resolves.toMatchObject({ version: '1.2.0' });
  });

  it('refuses to replace a missing release with a 404 and creates nothing', async () => {
    await expect(releaseRepository.replace('ghost', body())).rejects.toBeInstanceOf(NotFoundError);
    await expect(releaseRepository.get('ghost')).resolves.toBeUndefined();
  });

  it('deletes a release, and refuses to delete a missing one with a 404', async () => {
    const { winter, spring } = await threeReleases();
    await releaseRepository.setPublished(winter.id, true);
    await releaseRepository.setPublished(spring.id, true);

    await releaseRepository.delete(spring.id);

    await expect(releaseRepository.list().then(versions)).resolves.toEqual(['1.4.0', '1.2.0']);
    await expect(releaseRepository.current()).resolves.toMatchObject({ version: '1.2.0' });
    await expect(releaseRepository.delete(spring.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('remembers the last version each user saw', async () => {
    await expect(releaseRepository.seenBy('user-a')).resolves.toBeUndefined();

    await releaseRepository.markSeen('user-a', '1.2.0');
    await releaseRepository.markSeen('user-a', '1.3.0');
    await releaseRepository.markSeen('user-b', '1.1.0');

    await expect(releaseRepository.seenBy('user-a')).resolves.toBe('1.3.0');
    await expect(releaseRepository.seenBy('user-b')).resolves.toBe('1.1.0');
    await expect(releaseRepository.markSeen('user-a', 'latest')).rejects.toBeInstanceOf(ZodError);
    await expect(releaseRepository.seenBy('user-a')).resolves.toBe('1.3.0');
  });
});
