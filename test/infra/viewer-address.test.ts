import { Template } from 'aws-cdk-lib/assertions';
import { viewerAddressCode } from '../../infra/viewer-address';
import { clientAddressOf } from '../../functions/lib/repositories/login-attempt-repository';
import { VIEWER_ADDRESS_HEADER } from '@shared/api/origin-verify';
import { resourcesOfType, testDeskline } from './support/cdk-test-app';

/*
 * The per-address sign-in locks key on the client's address. Behind CloudFront the API's
 * `sourceIp` is the edge's address, so every viewer of one edge would share a lock; a CloudFront
 * Function hands the API the viewer's own address instead, overwriting what a caller sent.
 */

interface ViewerRequest {
  viewer: { ip: string };
  request: { uri: string; headers: Record<string, { value: string }> };
}
// CloudFront's JS 2.0 runtime is plain ECMAScript; the same source runs in Node.
const handler = new Function(`${viewerAddressCode}\nreturn handler;`)() as (
  event: ViewerRequest,
) => ViewerRequest['request'];

describe('the viewer address function', () => {
  it("sets the viewer's address, replacing a forged one", () => {
    const request = handler({
      viewer: { ip: '198.51.100.7' },
      request: {
        uri: '/api/auth/admin',
        headers: { [VIEWER_ADDRESS_HEADER]: { value: '1.2.3.4' } },
      },
    });
    expect(request.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '198.51.100.7' });
  });

  it('runs on every /api/* request CloudFront forwards', () => {
    const stacks = testDeskline({ env: { region: 'us-east-1' } });
    const web = Template.fromStack(stacks.web);
    const functions = resourcesOfType(web, 'AWS::CloudFront::Function');
    const [functionId] = Object.entries(functions).find(([, resource]) =>
      String((resource.Properties as { FunctionCode: string }).FunctionCode).includes(
        VIEWER_ADDRESS_HEADER,
      ),
    )!;
    const distribution = Object.values(resourcesOfType(web, 'AWS::CloudFront::Distribution'))[0]!;
    const behaviors = (
      distribution.Properties.DistributionConfig as {
        CacheBehaviors: {
          PathPattern: string;
          FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
        }[];
      }
    ).CacheBehaviors;
    const api = behaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
    expect(api.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
  });
});

describe('clientAddressOf', () => {
  const event = (headers: Record<string, string>, sourceIp = '203.0.113.9') => ({
    headers,
    requestContext: { http: { sourceIp } },
  });

  it("takes the viewer's address CloudFront handed over", () => {
    expect(clientAddressOf(event({ [VIEWER_ADDRESS_HEADER]: '198.51.100.7' }))).toBe(
      '198.51.100.7',
    );
  });

  it('falls back to the source address without it (locally, or straight to the API)', () => {
    expect(clientAddressOf(event({}))).toBe('203.0.113.9');
    expect(clientAddressOf(event({ [VIEWER_ADDRESS_HEADER]: '  ' }))).toBe('203.0.113.9');
  });
});
