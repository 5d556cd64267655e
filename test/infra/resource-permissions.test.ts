import { Duration } from 'aws-cdk-lib';
import {
  apiGatewayTimeout,
  resourceSettings,
  type ResourceSettings,
} from '../../infra/resource-permissions';
import { resourcesOf } from '@shared/api/routes';

describe('resource settings map', () => {
  it.each(resourcesOf())('has an entry for the %s resource of the route table', (resource) => {
    expect(resourceSettings).toHaveProperty([resource]);
  });

  it('has no entry for a resource the route table lacks', () => {
    expect(Object.keys(resourceSettings).sort()).toEqual(resourcesOf().sort());
  });

  it.each(Object.entries(resourceSettings))(
    'keeps %s behind API Gateway within its limit; only a workflow function runs longer',
    (_resource, settings: ResourceSettings) => {
      const timeout = settings.timeout ?? Duration.seconds(0);
      expect(timeout.toSeconds()).toBeLessThanOrEqual(apiGatewayTimeout.toSeconds());
      const workflowTimeout = settings.workflow?.timeout ?? Duration.seconds(0);
      expect(workflowTimeout.toSeconds()).toBeLessThanOrEqual(Duration.minutes(15).toSeconds());
    },
  );
});
