import { contentSecurityPolicy, originOf, securityHeaders } from '../../infra/security-headers';

const directives = (policy: string) =>
  new Map(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );

describe('the SPA security headers', () => {
  const options = {
    frameSources: ['https://members.example.com', 'https://tools.example.com'],
    frameAncestors: ['https://members.example.com'],
  };

  it('allows frames only from our origin and the origins the trader area embeds', () => {
    const csp = directives(contentSecurityPolicy(options));

    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://members.example.com',
      'https://tools.example.com',
    ]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'", 'https://members.example.com']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('allows frames of our own origin only when none is configured', () => {
    const csp = directives(contentSecurityPolicy({ frameSources: [], frameAncestors: [] }));

    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('runs no inline script in a built SPA; Vite dev mode allows its preamble and hot reload', () => {
    expect(directives(contentSecurityPolicy(options)).get('script-src')).toEqual(["'self'"]);
    const dev = directives(contentSecurityPolicy({ ...options, dev: true }));
    expect(dev.get('script-src')).toContain("'unsafe-inline'");
    expect(dev.get('connect-src')).toContain('ws:');
  });

  it('sends HSTS for two years, nosniff and the referrer policy', () => {
    expect(securityHeaders(options)).toEqual({
      'content-security-policy': contentSecurityPolicy(options),
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  });

  it('reduces a configured URL to its origin', () => {
    expect(originOf('http://localhost:3100/member/login?x=1')).toBe('http://localhost:3100');
    expect(originOf('')).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
  });
});
