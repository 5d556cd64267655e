import fc from 'fast-check';
import { webUrlProblem, webUrlSchema } from '@shared/common/fields';

describe('the shared URL schema', () => {
  it.each([
    'https://acme.example',
    'http://acme.example:8080/path?q=1#top',
    'HTTPS://ACME.EXAMPLE',
    'https://xn--bcher-kva.example/',
  ])('accepts the web URL %s', (url) => {
    expect(webUrlProblem(url)).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)', 'scheme'],
    ['JavaScript:alert(1)', 'scheme'],
    ['java\tscript:alert(1)', 'scheme'],
    ['java\nscript:alert(1)', 'scheme'],
    ['data:text/html,<script>alert(1)</script>', 'scheme'],
    ['vbscript:msgbox(1)', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['ftp://files.example', 'scheme'],
    ['mailto:ops@acme.example', 'scheme'],
    ['acme.example', 'invalid'],
    ['//acme.example', 'invalid'],
    ['http://', 'invalid'],
    ['', 'invalid'],
  ])('refuses %j (%s)', (url, problem) => {
    expect(webUrlProblem(url)).toBe(problem);
  });

  it('refuses every scheme but http and https, whatever follows', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/).filter((s) => s !== 'http' && s !== 'https'),
        fc.string(),
        (scheme, rest) => {
          expect(webUrlSchema('Website').safeParse(`${scheme}:${rest}`).success).toBe(false);
        },
      ),
    );
  });

  it('accepts what the WHATWG parser reads as http or https with a host, and nothing else', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'] }), (url) => {
        expect(webUrlSchema('Website').parse(url)).toBe(url);
      }),
    );
  });

  it('names the field and keeps an empty value only when asked', () => {
    const purchase = webUrlSchema('Purchase URL', { emptyAllowed: true });

    expect(purchase.parse('  ')).toBe('');
    expect(webUrlSchema('Website').safeParse('').success).toBe(false);
    expect(purchase.safeParse('data:,x').error?.issues[0]?.message).toBe(
      'Purchase URL must be an http or https URL',
    );
    expect(purchase.safeParse(`https://a.example/${'a'.repeat(2_048)}`).success).toBe(false);
  });
});
