import path from 'node:path';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { RouteDefinition } from '@shared/api/routes';
import { ORIGIN_VERIFY_HEADER } from '@shared/api/origin-verify';
import { EdgeFirewall } from './edge-firewall';
import {
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  TRADER_AREA_PATH_PATTERNS,
} from './security-headers';
import { spaFallbackCode } from './spa-fallback';
import { viewerAddressCode } from './viewer-address';

export interface WebStackProps extends StackProps {
  /** The HTTP API's host name, the origin of `/api/*`. */
  readonly apiDomainName: string;
  /** The built SPA (`dist/web`): `index.html` and Vite's hashed `assets/`. */
  readonly webAssetsDir: string;
  /** Origins besides our own that may embed the app in a frame (the firm's membership site). */
  readonly frameAncestors: readonly string[];
  /** Origins the trader area shows in frames (membership site, tools). @default none */
  readonly frameSources?: readonly string[];
  /**
   * Origins that may also frame the trader area's addresses (`TRADER_AREA_PATH_PATTERNS`): the
   * membership site, which embeds the trader area and hears its `trader_logout`. @default none
   */
  readonly traderFrameAncestors?: readonly string[];
  /** The secret CloudFront sends the API in the origin-verify header (the api stack's). */
  readonly originSecret: ISecret;
  /** The route table, whose public routes that write get the web ACL's tight per-address limit. */
  readonly routes: readonly RouteDefinition[];
  /**
   * The web ACL of a deployment outside us-east-1, made there by the edge stack. @default a web ACL
   * of this stack, which must then be in us-east-1
   */
  readonly webAclArn?: string;
}

/** The membership configuration the SPA reads on every trader page load (`GET /api/amember/config`). */
export const MEMBERSHIP_CONFIG_PATH = '/api/amember/config';

/**
 * How long CloudFront keeps the membership configuration: the same for every caller and changed
 * only by a deployment, so a busy morning of page loads reaches the API about once a minute.
 */
export const membershipConfigTtl = { minimum: Duration.seconds(60), maximum: Duration.minutes(5) };

/** CloudFront in front of the SPA bucket and the API: one origin for the browser, no CORS. */
export class WebStack extends Stack {
  /** `https://<distribution domain>`: the app's address (the notification e-mails link to it). */
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
    });

    // Frames: X-Frame-Options can only say DENY or SAMEORIGIN, and the trader area may be embedded
    // by the firm's membership site. CSP `frame-ancestors` names exactly who may frame us (and
    // browsers that know it ignore X-Frame-Options), so it replaces that header. The origins come
    // from the `deskline:frameAncestors` context; with none it means same-origin only. The CSP's
    // `frame-src` allows only the frames the trader area embeds (`deskline:frameSources`). The local
    // server sends the same policy (infra/security-headers.ts).
    const headersPolicy = (id: string, comment: string, frameAncestors: readonly string[]) =>
      new ResponseHeadersPolicy(this, id, {
        comment,
        securityHeadersBehavior: securityHeadersBehavior(frameAncestors),
      });
    const securityHeadersBehavior = (frameAncestors: readonly string[]) => ({
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      xssProtection: { protection: true, modeBlock: true, override: true },
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          frameSources: props.frameSources ?? [],
          frameAncestors,
        }),
        override: true,
      },
    });
    const securityHeaders = headersPolicy(
      'SecurityHeaders',
      'Deskline security headers',
      props.frameAncestors,
    );
    // The trader area's addresses may also be framed by the membership site.
    const traderAncestors = [
      ...new Set([...props.frameAncestors, ...(props.traderFrameAncestors ?? [])]),
    ];
    const traderSecurityHeaders =
      traderAncestors.length > props.frameAncestors.length
        ? headersPolicy(
            'TraderAreaSecurityHeaders',
            'Deskline security headers: the trader area, framed by the membership site',
            traderAncestors,
          )
        : securityHeaders;

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(spaFallbackCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves /index.html for client-side routes',
    });

    const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
      code: FunctionCode.fromInline(viewerAddressCode),
      runtime: FunctionRuntime.JS_2_0,
      comment: "Hands the API the viewer's address (per-address sign-in locks)",
    });

    // Per-address rate limits on sign-in and the API, instead of API Gateway throttles
    // shared by every caller.
    const webAclArn =
      props.webAclArn ??
      new EdgeFirewall(this, 'Firewall', { routes: props.routes }).webAcl.attrArn;

    // The API refuses its public routes without this header (infra/api-stack.ts): only requests
    // through CloudFront, and so through the web ACL, can sign in.
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
    });
    const membershipConfigCache = new CachePolicy(this, 'MembershipConfigCache', {
      comment: 'Deskline: the membership configuration, the same for every caller',
      minTtl: membershipConfigTtl.minimum,
      defaultTtl: membershipConfigTtl.minimum,
      maxTtl: membershipConfigTtl.maximum,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(siteBucket);
    // The SPA as the default behaviour serves it, with the trader area's headers.
    const traderArea = Object.fromEntries(
      TRADER_AREA_PATH_PATTERNS.map((pattern) => [
        pattern,
        {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: traderSecurityHeaders,
          functionAssociations: [
            { function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST },
          ],
        },
      ]),
    );

    const distribution = new Distribution(this, 'Distribution', {
      webAclId: webAclArn,
      comment: 'Deskline: SPA and /api',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST },
        ],
      },
      // In this order: CloudFront takes the first pattern that matches.
      additionalBehaviors: {
        // Cached (no header, cookie or query string in the key, nothing of the viewer forwarded):
        // one caller cannot exhaust it for the others, and the API sees it about once a minute. The
        // function answers `no-store`; the minimum TTL overrides that here, and only here.
        [MEMBERSHIP_CONFIG_PATH]: {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: membershipConfigCache,
          responseHeadersPolicy: securityHeaders,
        },
        '/api/*': {
          origin: apiOrigin,
          // A redirect would turn a POST into a GET: plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Authorization reaches the JWT authorizer; Host must be the API's own for API Gateway.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            { function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST },
          ],
        },
        ...traderArea,
      },
    });

    // Vite's hashed assets never change under one name; everything else is revalidated, so a
    // deploy is visible on the next load. Neither deployment prunes: a tab opened before a deploy
    // still lazy-loads the chunks of its own build.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(path.join(props.webAssetsDir, 'assets'))],
      destinationBucket: siteBucket,
      destinationKeyPrefix: 'assets/',
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    const shell = new BucketDeployment(this, 'DeployShell', {
      sources: [Source.asset(props.webAssetsDir, { exclude: ['assets'] })],
      destinationBucket: siteBucket,
      cacheControl: [CacheControl.noCache()],
      prune: false,
    });
    // index.html must never reference chunks that are not uploaded yet.
    shell.node.addDependency(assets);

    this.url = `https://${distribution.distributionDomainName}`;
    new CfnOutput(this, 'Url', { value: this.url });
  }
}
