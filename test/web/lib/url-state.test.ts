import { formatSorting, parsePage, parseSorting, urlParamName } from '@/lib/url-state';

describe('sorting in the URL', () => {
  const columns = ['prefix', 'name', 'version'];

  it('reads column ids in order, a leading dash meaning descending', () => {
    expect(parseSorting('name,-version', columns)).toEqual([
      { id: 'name', desc: false },
      { id: 'version', desc: true },
    ]);
  });

  it('drops unknown columns and repeats, so an old link still shows a table', () => {
    expect(parseSorting('gone,-name,name,prefix', columns)).toEqual([
      { id: 'name', desc: true },
      { id: 'prefix', desc: false },
    ]);
    expect(parseSorting(null, columns)).toEqual([]);
    expect(parseSorting('', columns)).toEqual([]);
  });

  it('writes what it reads, with no limit on the number of columns', () => {
    const sorting = [
      { id: 'version', desc: true },
      { id: 'prefix', desc: false },
      { id: 'name', desc: true },
    ];
    expect(formatSorting(sorting)).toBe('-version,prefix,-name');
    expect(parseSorting(formatSorting(sorting), columns)).toEqual(sorting);
  });
});

describe('page parameters', () => {
  it('names a table page `page`, or `<prefix>.page` on a screen with several tables', () => {
    expect(urlParamName('page')).toBe('page');
    expect(urlParamName('sort', 'held')).toBe('held.sort');
  });

  it.each([
    [null, 1],
    ['', 1],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['3', 3],
  ])('reads %p as page %p', (value, page) => {
    expect(parsePage(value)).toBe(page);
  });
});
