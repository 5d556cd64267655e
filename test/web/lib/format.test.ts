import { formatDate, formatMoney } from '@/lib/format';

describe('formatMoney', () => {
  it.each([
    [5250.75, '$5,250.75'],
    [4800.5, '$4,800.50'],
    [6125.99, '$6,125.99'],
    [0, '$0.00'],
    [-1234.5, '-$1,234.50'],
  ])('formats %p as %p', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });
});

describe('formatDate (issue 24 item 22: dates read MM/DD/YYYY everywhere)', () => {
  it.each([
    ['20261121', '11/21/2026'],
    ['2026-03-02', '03/02/2026'],
    ['2026-03-02T14:30:00.000Z', '03/02/2026'],
    ['', '-'],
    [undefined, '-'],
    ['soon', 'soon'],
  ])('formats %p as %p', (date, expected) => {
    expect(formatDate(date)).toBe(expected);
  });
});
