import { formatSorting, parseSorting } from '../../../../web/src/components/data-table/url-sorting';

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
