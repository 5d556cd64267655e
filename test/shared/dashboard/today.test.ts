import { closestToBreach, worstPnl } from '@shared/dashboard/today';

describe('closestToBreach', () => {
  it('ranks by share of room left, then dollars, then account, keeping the first few', () => {
    const rows = [
      { accountId: 'C', room: 900, roomShare: 0.3 },
      { accountId: 'B', room: 300, roomShare: 0.1 },
      { accountId: 'A', room: 300, roomShare: 0.1 },
      { accountId: 'D', room: 200, roomShare: 0.1 },
      { accountId: 'E', room: 50, roomShare: 0.5 },
    ];
    expect(closestToBreach(rows, 4).map((row) => row.accountId)).toEqual(['D', 'A', 'B', 'C']);
  });
});

describe('worstPnl', () => {
  it('lists only losing accounts, worst first', () => {
    const rows = [
      { accountId: 'A', netPnl: -100 },
      { accountId: 'B', netPnl: 0 },
      { accountId: 'C', netPnl: -900.5 },
      { accountId: 'D', netPnl: 250 },
    ];
    expect(worstPnl(rows).map((row) => row.accountId)).toEqual(['C', 'A']);
  });
});
