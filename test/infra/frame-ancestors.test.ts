import { Template } from 'aws-cdk-lib/assertions';
import { parseFrameAncestors, parseFrameSources } from '../../infra/frame-ancestors';
import { resourcesOfType, testDeskline } from './support/cdk-test-app';
import {
  contentSecurityPolicy,
  frameAncestorsFor,
  isTraderAreaPath,
  TRADER_AREA_PATH_PATTERNS,
} from '../../infra/security-headers';

describe('frame ancestors context', () => {
  it('allows no other site when unset', () => {
    expect(parseFrameAncestors(undefined)).toEqual([]);
  });

  it('reads a list from cdk.json and a comma or space separated string from -c', () => {
    expect(parseFrameAncestors(['https://members.example.com'])).toEqual([
      'https://members.example.com',
    ]);
    expect(parseFrameAncestors('https://a.example.com, https://b.example.com')).toEqual([
      'https://a.example.com',
      'https://b.example.com',
    ]);
  });

  it('accepts a port and a wildcard for subdomains, as CSP does', () => {
    expect(parseFrameAncestors('https://*.example.com https://members.example.com:8443')).toEqual([
      'https://*.example.com',
      'https://members.example.com:8443',
    ]);
  });

  it.each([
    'http://members.example.com',
    'https://members.example.com/join',
    "https://members.example.com;script-src 'unsafe-inline'",
    'members.example.com',
  ])('rejects %s, which is not an https origin', (value) => {
    expect(() => parseFrameAncestors([value])).toThrow(/is not an https origin/);
  });
});

describe('frame sources context', () => {
  it('reads https origins like the frame ancestors, naming its own key when one is wrong', () => {
    expect(parseFrameSources(undefined)).toEqual([]);
    expect(parseFrameSources('https://members.example.com,https://tools.example.com')).toEqual([
      'https://members.example.com',
      'https://tools.example.com',
    ]);
    expect(() => parseFrameSources(['http://members.example.com'])).toThrow(
      'deskline:frameSources: "http://members.example.com" is not an https origin',
    );
  });
});

/**
 * The trader area posts `trader_logout` to the membership site that embeds it, but
 * every address forbade being framed by that site. The trader area's addresses let the configured
 * membership origin frame them; the staff's stay framed by the named ancestors only.
 */
describe("the trader area's frame ancestors", () => {
  const membership = 'https://members.example.com';
  const frameAncestorsOf = (pathname: string) =>
    contentSecurityPolicy({
      frameSources: [],
      ...frameAncestorsFor(pathname, { frameAncestors: [], traderFrameAncestors: [membership] }),
    })
      .split('; ')
      .find((directive) => directive.startsWith('frame-ancestors '));

  it.each(['/trader-login', '/trader-interface', '/traders/accounts', '/amember-dashboard'])(
    'lets the membership site frame %s',
    (pathname) => {
      expect(isTraderAreaPath(pathname)).toBe(true);
      expect(frameAncestorsOf(pathname)).toBe(`frame-ancestors 'self' ${membership}`);
    },
  );

  it.each(['/', '/traders', '/accounts', '/users', '/signin', '/tradersx'])(
    'keeps %s to its own origin',
    (pathname) => {
      expect(isTraderAreaPath(pathname)).toBe(false);
      expect(frameAncestorsOf(pathname)).toBe("frame-ancestors 'self'");
    },
  );

  it('matches the same addresses as the CloudFront path patterns', () => {
    const asPattern = (pattern: string) =>
      new RegExp(`^${pattern.replaceAll('*', '.*').replaceAll('/', '\\/')}$`);
    for (const pathname of [
      '/trader-login',
      '/traders/profile',
      '/amember-dashboard',
      '/traders',
    ]) {
      expect([
        pathname,
        TRADER_AREA_PATH_PATTERNS.some((pattern) => asPattern(pattern).test(pathname)),
      ]).toEqual([pathname, isTraderAreaPath(pathname)]);
    }
  });
});

describe("CloudFront's frame ancestors", () => {
  it("lets the configured membership site frame the trader area's addresses, and only those", () => {
    const stacks = testDeskline({
      frameAncestors: [],
      membership: { apiUrl: 'https://api.members.test', siteUrl: 'https://members.test/site' },
    });
    const web = Template.fromStack(stacks.web);
    const policies = resourcesOfType(web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const ancestorsOf = (id: unknown) => {
      const config = policies[(id as { Ref: string }).Ref]!.Properties
        .ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: string } };
      };
      return config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy.split(
        '; ',
      ).find((directive) => directive.startsWith('frame-ancestors '));
    };
    const distribution = Object.values(resourcesOfType(web, 'AWS::CloudFront::Distribution'))[0]!;
    const config = distribution.Properties.DistributionConfig as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown; TargetOriginId: string };
      CacheBehaviors: {
        PathPattern: string;
        ResponseHeadersPolicyId: unknown;
        TargetOriginId: string;
        FunctionAssociations?: unknown[];
      }[];
    };

    expect(ancestorsOf(config.DefaultCacheBehavior.ResponseHeadersPolicyId)).toBe(
      "frame-ancestors 'self'",
    );
    for (const pattern of TRADER_AREA_PATH_PATTERNS) {
      const behavior = config.CacheBehaviors.find((entry) => entry.PathPattern === pattern)!;
      expect([pattern, ancestorsOf(behavior.ResponseHeadersPolicyId)]).toEqual([
        pattern,
        "frame-ancestors 'self' https://members.test",
      ]);
      // The SPA from its bucket, with the index.html fallback, like the default behaviour.
      expect(behavior.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
      expect(behavior.FunctionAssociations).toHaveLength(1);
    }
    const api = config.CacheBehaviors.find((entry) => entry.PathPattern === '/api/*')!;
    expect(ancestorsOf(api.ResponseHeadersPolicyId)).toBe("frame-ancestors 'self'");
  });
});
