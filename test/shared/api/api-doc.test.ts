import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '@shared/api/routes';

/** `docs/api.md` stays true: every route of the table has its row, and no row names a route the table lacks. */
describe('docs/api.md', () => {
  const doc = readFileSync(join(__dirname, '../../../docs/api.md'), 'utf8');
  const documented = new Set(
    [...doc.matchAll(/^\|\s*(GET|POST|PUT|DELETE)\s*\|\s*`(\/api\/[^`?\s]*)/gm)].map(
      ([, method, path]) => `${method} ${path}`,
    ),
  );
  const table = new Set(routes.map((route) => `${route.method} ${route.path}`));

  it.each([...table])('documents %s', (key) => {
    expect(documented).toContain(key);
  });

  it('documents no route that the table lacks', () => {
    expect([...documented].filter((key) => !table.has(key))).toEqual([]);
  });
});
