import { resourcePermissions } from '../../infra/resource-permissions';
import { resourcesOf } from '../../shared/api/routes';

describe('resource permissions map', () => {
  it.each(resourcesOf())('has an entry for the %s resource of the route table', (resource) => {
    expect(resourcePermissions).toHaveProperty([resource]);
  });

  it('has no entry for a resource the route table lacks', () => {
    expect(Object.keys(resourcePermissions).sort()).toEqual(resourcesOf().sort());
  });
});
