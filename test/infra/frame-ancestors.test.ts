import { parseFrameAncestors, parseFrameSources } from '../../infra/frame-ancestors';

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
