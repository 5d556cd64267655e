/**
 * The header CloudFront adds to every request it forwards to the API, carrying a secret only
 * CloudFront and the API's origin check know (infra/api-stack.ts, infra/web-stack.ts). A request
 * that reaches the API's own endpoint without it has gone around CloudFront and its WAF.
 */
export const ORIGIN_VERIFY_HEADER = 'x-deskline-origin-verify';
