/**
 * CloudFront Function (viewer request, JS 2.0 runtime) on the SPA's default behavior: a path whose
 * last segment has no extension is a client-side route, so it is served `/index.html`.
 *
 * Not distribution-wide 403/404 error responses: those would also turn the API's own 404s into
 * the SPA's HTML. The `/api/*` behavior does not run this function.
 * A route whose last segment contains a dot (`/traders/jane.doe`) would be taken for a file: route
 * parameters must not end in `.<something>`.
 */
export const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
