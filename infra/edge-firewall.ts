import { Stack, Token, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { RouteDefinition } from '@shared/api/routes';

/**
 * Requests one client address may send in {@link RateLimit.windowSeconds} before AWS WAF answers it
 * 429 for the rest of the window. Counted per address, never across all callers, so one flooding
 * client slows down itself and nobody else.
 */
export interface RateLimit {
  readonly limit: number;
  readonly windowSeconds: 60 | 120 | 300 | 600;
}

/**
 * Sign-in, trader sign-in, token refresh and logout (the public routes that write): a person signs
 * in a few times a day and refreshes once an hour per tab, so 100 in five minutes leaves room for an
 * office behind one address; a guesser gets 20 a minute, on top of the per-login lock.
 */
export const signInRateLimit: RateLimit = { limit: 100, windowSeconds: 300 };
/** Everything under /api: ten requests a second from one address over five minutes. */
export const apiRateLimit: RateLimit = { limit: 3000, windowSeconds: 300 };

/** The answer of a blocked request: the API's own error shape, with the wait in Retry-After. */
const TOO_MANY_REQUESTS_BODY = 'too-many-requests';

/** The paths of the public routes that take a body (sign-in, refresh, logout): not the config. */
export function signInPaths(routes: readonly RouteDefinition[]): string[] {
  return [
    ...new Set(
      routes
        .filter((route) => route.access === 'public' && route.method !== 'GET')
        .map((route) => route.path),
    ),
  ].sort();
}

/**
 * A URI path starting with `prefix`, compared after URL-decoding and lower-casing, so
 * `/api/auth/%61dmin` or `/API/auth/admin` is counted like `/api/auth/admin`.
 */
function pathStartsWith(prefix: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix.toLowerCase(),
      textTransformations: [
        { priority: 0, type: 'URL_DECODE' },
        { priority: 1, type: 'LOWERCASE' },
      ],
    },
  };
}

function anyOf(statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty {
  return statements.length === 1 ? statements[0]! : { orStatement: { statements: statements } };
}

function rateRule(
  name: string,
  priority: number,
  rate: RateLimit,
  scopeDown: CfnWebACL.StatementProperty,
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit: rate.limit,
        evaluationWindowSec: rate.windowSeconds,
        scopeDownStatement: scopeDown,
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
          responseHeaders: [{ name: 'retry-after', value: String(rate.windowSeconds) }],
        },
      },
    },
    visibilityConfig: {
      cloudWatchMetricsEnabled: true,
      metricName: `deskline-${name}`,
      sampledRequestsEnabled: true,
    },
  };
}

export interface EdgeFirewallProps {
  /** The route table: its public routes that write get the tight limit. */
  readonly routes: readonly RouteDefinition[];
}

/**
 * The web ACL CloudFront applies to every request (scope CLOUDFRONT, so it must be created in
 * us-east-1): per client address, a tight limit on sign-in and refresh and a looser one on all of
 * /api. It replaces API Gateway's per-route throttles, which were shared by all callers.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    if (Token.isUnresolved(region) || region !== 'us-east-1') {
      throw new Error(
        `A CloudFront web ACL must be created in us-east-1, not in ${Token.isUnresolved(region) ? 'an unresolved region' : region}.`,
      );
    }
    const signIn = signInPaths(props.routes).map(pathStartsWith);
    const rules = [
      // A route table without public routes that write (some tests' tables) has no sign-in to limit.
      ...(signIn.length ? [rateRule('sign-in-per-ip', 0, signInRateLimit, anyOf(signIn))] : []),
      rateRule('api-per-ip', 1, apiRateLimit, pathStartsWith('/api/')),
    ];
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${Stack.of(this).stackName}-edge`,
      description: 'Deskline: per-address rate limits on sign-in and the API',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [TOO_MANY_REQUESTS_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: {
              code: 'TOO_MANY_REQUESTS',
              message: 'Too many requests from your address. Try again in a few minutes.',
            },
          }),
        },
      },
      rules,
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: 'deskline-edge',
        sampledRequestsEnabled: true,
      },
    });
  }
}

export interface EdgeStackProps extends StackProps, EdgeFirewallProps {}

/**
 * Only for a deployment outside us-east-1: the web ACL alone, in us-east-1, its ARN handed to the
 * web stack by a cross-region reference. In us-east-1 the web stack holds the web ACL itself.
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.webAclArn = new EdgeFirewall(this, 'Firewall', props).webAcl.attrArn;
  }
}
