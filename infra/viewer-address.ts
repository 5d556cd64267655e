import { VIEWER_ADDRESS_HEADER } from '@shared/api/origin-verify';

/**
 * CloudFront Function (viewer request, JS 2.0 runtime) on the `/api/*` behaviors: hands the API the
 * viewer's address in {@link VIEWER_ADDRESS_HEADER}, replacing any value the caller sent, so the
 * per-address sign-in locks count each viewer, not each CloudFront edge. Only requests
 * that came through CloudFront carry the origin secret, so the public routes trust it.
 */
export const viewerAddressCode = `function handler(event) {
  event.request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return event.request;
}`;
