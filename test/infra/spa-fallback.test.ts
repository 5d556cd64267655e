import { spaFallbackCode } from '../../infra/spa-fallback';

interface ViewerRequest {
  request: { uri: string };
}
// CloudFront's JS 2.0 runtime is plain ECMAScript; the same source runs in Node.
const handler = new Function(`${spaFallbackCode}\nreturn handler;`)() as (event: ViewerRequest) => {
  uri: string;
};

describe('SPA fallback function', () => {
  it.each(['/', '/programs', '/admin/programs/', '/trader/accounts/ACC-1'])(
    'serves index.html for the client-side route %s',
    (uri) => {
      expect(handler({ request: { uri } }).uri).toBe('/index.html');
    },
  );

  it.each(['/index.html', '/assets/index-Dglx1m8q.js', '/favicon.svg'])(
    'leaves the file %s alone',
    (uri) => {
      expect(handler({ request: { uri } }).uri).toBe(uri);
    },
  );
});
