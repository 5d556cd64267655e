import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import { dayKeys } from '../../../../functions/lib/db/keys';
import {
  accountRepository,
  DAY_PAGE_SIZE,
} from '../../../../functions/lib/repositories/account-repository';
import { useFreshTable } from '../../../support/fresh-table';

/*
 * An account's days in pages: 252 days judged under two keys (a program upgrade after day 120) with
 * unjudged days among them; the verdict's reader keeps the last key's days and stops reading there.
 */

const ACCOUNT = 'PAGED-1';
const dateOf = (day: number) => {
  const date = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000);
  return date.toISOString().slice(0, 10).replaceAll('-', '');
};
const keyOf = (day: number) => (day < 120 ? 'EVAL#1#p1' : 'EVAL#2#p1');

describe('accountRepository.dayPages and currentKeyDays', () => {
  useFreshTable({
    seed: () =>
      batchPutAll(
        Array.from({ length: 252 }, (_, day) => ({
          ...dayKeys.performance(ACCOUNT, dateOf(day)),
          Account: ACCOUNT,
          Date: dateOf(day),
          // Every 10th day came in but was not judged (no conformance).
          ...(day % 10 !== 5 && {
            judgedBy: keyOf(day),
            conformance: { overallStatus: 'compliant', rules: [] },
          }),
        })),
      ),
  });

  it('reads every day newest first in pages of at most 50', async () => {
    const pages: string[][] = [];
    for await (const page of accountRepository.dayPages(ACCOUNT)) {
      pages.push(page.map((item) => String(item.Date)));
    }
    expect(pages.every((page) => page.length <= DAY_PAGE_SIZE)).toBe(true);
    const dates = pages.flat();
    expect(dates).toHaveLength(252);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers the judged days of the last key, oldest first, without reading the older key past its first page', async () => {
    const read: number[] = [];
    const pager = accountRepository.dayPages.bind(accountRepository);
    const spy = jest.spyOn(accountRepository, 'dayPages').mockImplementation(async function* (
      ...args
    ) {
      for await (const page of pager(...args)) {
        read.push(page.length);
        yield page;
      }
    });
    try {
      const days = await accountRepository.currentKeyDays(ACCOUNT);
      const expected = Array.from({ length: 252 }, (_, day) => day)
        .filter((day) => day >= 120 && day % 10 !== 5)
        .map(dateOf);
      expect(days.map((item) => item.Date)).toEqual(expected);
      expect(days.every((item) => item.judgedBy === 'EVAL#2#p1')).toBe(true);
      // 132 days of the last key: three pages, the third ending in the older key.
      expect(read).toEqual([50, 50, 50]);
    } finally {
      spy.mockRestore();
    }
  });
});
