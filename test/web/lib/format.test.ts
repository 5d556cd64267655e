import { formatMoney } from '../../../web/src/lib/format';

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
