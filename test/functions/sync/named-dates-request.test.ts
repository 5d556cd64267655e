import { syncRequestBodySchema } from '@shared/sync/sync-run';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { handler as syncHandler } from '../../../functions/sync/handler';
import { namedDatesOf, refusalOf, requestedDays } from '../../../functions/sync/date-selection';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';

/* POST /api/sync/daily-update takes { count }, { dates } or { from, to }. */

const admin = claimsFor('admin');
const dailyUpdate = { method: 'POST', path: '/api/sync/daily-update' } as const;

describe('the daily-update body', () => {
  useFreshTable();

  it.each([
    ['two forms at once', { count: 2, dates: ['20260302'] }, 'dates'],
    ['a range with a count', { count: 2, from: '20260302', to: '20260303' }, 'from'],
    ['an empty list of dates', { dates: [] }, 'dates'],
    [
      '32 dates',
      { dates: Array.from({ length: 32 }, (_, day) => `202601${String(day).padStart(2, '0')}`) },
      'dates',
    ],
    ['an impossible date', { dates: ['20260230'] }, 'dates.0'],
    ['a date written otherwise', { dates: ['2026-03-02'] }, 'dates.0'],
    ['a date twice', { dates: ['20260302', '20260302'] }, 'dates'],
    ['a date before 2000', { dates: ['19991231'] }, 'dates.0'],
    ['from without to', { from: '20260302' }, 'to'],
    ['to without from', { to: '20260302' }, 'from'],
    ['from after to', { from: '20260310', to: '20260302' }, 'from'],
    ['a range of 32 days', { from: '20260101', to: '20260201' }, 'to'],
    ['dates that are not a list', { dates: '20260302' }, 'dates'],
    ['a count of 31', { count: 31 }, 'count'],
  ])('refuses %s with 400 naming the field, and starts no run', async (_case, body, field) => {
    const answer = await invoke(
      syncHandler as never,
      httpEvent(dailyUpdate, { rawBody: JSON.stringify(body), claims: admin }),
    );

    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { field: string }) => detail.field)).toContain(
      field,
    );
    await expect(syncRepository.listRuns({ limit: 5 })).resolves.toMatchObject({ items: [] });
  });

  it('reads each of the three forms, {} being the spec’s count of 1', () => {
    expect(syncRequestBodySchema.parse({})).toEqual({ count: 1 });
    expect(syncRequestBodySchema.parse({ count: 30 })).toEqual({ count: 30 });
    expect(syncRequestBodySchema.parse({ dates: ['20260303', '20260302'] })).toEqual({
      dates: ['20260302', '20260303'],
    });
    const range = syncRequestBodySchema.parse({ from: '20260227', to: '20260302' });
    expect(range).toEqual({ from: '20260227', to: '20260302' });
    expect(namedDatesOf(range)).toEqual(['20260227', '20260228', '20260301', '20260302']);
    expect(requestedDays(range)).toBe(4);
    expect(
      namedDatesOf(syncRequestBodySchema.parse({ from: '20260101', to: '20260131' })),
    ).toHaveLength(31);
  });
});

describe('refused folders', () => {
  // 2026-11-26 03:30 UTC is still 25 November in Chicago.
  const now = Date.parse('2026-11-26T03:30:00Z');

  it('refuses a folder dated after today in America/Chicago', () => {
    expect(refusalOf('20261125', now)).toBeUndefined();
    expect(refusalOf('20261126', now)).toBe(
      'Dated after today (20261125 in America/Chicago): a future folder is not synced',
    );
  });

  it('refuses a folder more than 5 years old, or before 2000', () => {
    expect(refusalOf('20211125', now)).toBeUndefined();
    expect(refusalOf('20211124', now)).toMatch(/^Dated before 20211125/);
    expect(refusalOf('19991231', Date.parse('2001-06-01T12:00:00Z'))).toMatch(
      /^Dated before 20000101/,
    );
  });
});
