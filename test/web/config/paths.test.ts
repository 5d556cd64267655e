import { matchPath } from 'react-router-dom';
import { mailtoHref, paths, telHref } from '../../../web/src/config/paths';

describe('paths', () => {
  it('builds a screen without parameters, with an optional query', () => {
    expect(paths.latestPerformance.href()).toBe('/performance/today');
    expect(paths.accounts.href({ q: 'EVAL50K 5', page: 2 })).toBe('/accounts?q=EVAL50K+5&page=2');
    expect(paths.accounts.href({ q: undefined, page: null })).toBe('/accounts');
  });

  it('encodes every parameter, so an id with /, # or ? stays one segment', () => {
    const href = paths.accountDetails.href({ accountId: 'EVAL/50K#1?x' });
    expect(href).toBe('/summaries/account/EVAL%2F50K%231%3Fx');
    expect(href.split('/')).toHaveLength(4);
    expect(decodeURIComponent(href.split('/')[3] ?? '')).toBe('EVAL/50K#1?x');
  });

  it('fills several parameters and a query', () => {
    expect(paths.performanceReport.href({ id: 'T 1', accountId: 'A&B', date: '2026-11-25' })).toBe(
      '/traders/T%201/performance/A%26B/2026-11-25',
    );
    expect(paths.programEdit.href({ prefix: 'EVAL50K' }, { version: 3 })).toBe(
      '/programs/EVAL50K?version=3',
    );
    expect(paths.conformanceDetail.href({ accountId: 'A 1', date: '20261125' })).toBe(
      '/sync/conformance/detail?accountId=A+1&date=20261125',
    );
  });

  it('gives every screen a pattern its own address matches, and a title', () => {
    for (const [name, screen] of Object.entries(paths)) {
      if (screen.path === '*') continue;
      const params = Object.fromEntries(
        [...screen.path.matchAll(/:(\w+)/g)].map((match) => [match[1], `${name}-value`]),
      );
      const href = screen.path.includes(':')
        ? (screen.href as (p: object) => string)(params)
        : (screen.href as () => string)();
      expect(matchPath(screen.path, href)?.params).toEqual(params);
      expect(screen.title.trim()).not.toBe('');
    }
  });

  it('builds mail and phone links', () => {
    expect(mailtoHref('jane+desk@example.com')).toBe('mailto:jane+desk@example.com');
    expect(telHref('+1 312 555 0100')).toBe('tel:+1%20312%20555%200100');
  });
});
