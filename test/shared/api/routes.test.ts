import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { resourcesOf, routeKeyOf, routes, type RouteDefinition } from '@shared/api/routes';

/**
 * Each resource's routes live in `shared/api/routes/<resource>.ts`, the only part of the table its
 * Lambda imports: the file holds that resource's routes, all of them, and the table is their union.
 */
describe('the route table by resource', () => {
  const folder = join(__dirname, '../../../shared/api/routes');
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.replace(/\.ts$/, ''));
  const partOf = async (resource: string): Promise<readonly RouteDefinition[]> => {
    const module = (await import(join(folder, resource))) as Record<string, unknown>;
    const exported = Object.values(module);
    expect(exported).toHaveLength(1);
    return exported[0] as readonly RouteDefinition[];
  };

  it('has one file for each resource of the table', () => {
    expect(files.sort()).toEqual(resourcesOf().sort());
  });

  it.each(resourcesOf())('%s: its file holds exactly its routes', async (resource) => {
    const part = await partOf(resource);
    expect(part.every((route) => route.resource === resource)).toBe(true);
    expect(part).toEqual(routes.filter((route) => route.resource === resource));
  });

  it('names each route key once', () => {
    const keys = routes.map(routeKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
