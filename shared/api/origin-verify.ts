/**
 * The header CloudFront adds to every request it forwards to the API, carrying a secret only
 * CloudFront and the API's origin check know (infra/api-stack.ts, infra/web-stack.ts). A request
 * that reaches the API's own endpoint without it has gone around CloudFront and its WAF.
 */
export const ORIGIN_VERIFY_HEADER = 'x-deskline-origin-verify';

/**
 * The viewer's own address, set by a CloudFront Function on every `/api/*` request (overwriting
 * whatever a caller sent under that name: infra/viewer-address.ts). Behind CloudFront the API's
 * `sourceIp` is the edge's address, so the per-address sign-in locks key on this header instead.
 */
export const VIEWER_ADDRESS_HEADER = 'x-deskline-viewer-address';
