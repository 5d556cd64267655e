import type { DayInput } from '@shared/rules';

/*
 * The account whose stored state used to grow without bound: it fails on its first day and keeps
 * trading under the engine bench's phase (engine-data.ts), breaching the daily loss every day (a
 * $1,200 low against $1,100), so it adds a violation a day. Its fills (a CL contract at 15:30 Chicago,
 * in the closed window all year) break the instruments and trading-hours rules on the first day; those
 * stay breached (multiday). Days are consecutive calendar days from 1 January 2024.
 */

const DAY_MS = 86_400_000;
const START = Date.UTC(2024, 0, 1);

/** Day `index` (0-based) of the failed account. */
export function failedAccountDay(index: number): DayInput {
  const iso = new Date(START + index * DAY_MS).toISOString().slice(0, 10);
  const net = index % 2 === 0 ? -1_200 : 1_200;
  return {
    date: iso.replaceAll('-', ''),
    performance: {
      AcctBal: 50_000 + (index % 2 === 0 ? net : 0),
      NetPnl: net,
      LowPnl: -1_200,
      HighPnl: Math.max(net, 0),
      Trades: 2,
      WinTrades: net > 0 ? 1 : 0,
      LoserTrades: net > 0 ? 0 : 1,
    },
    fills: [
      { FillTime: `${iso}T15:30:00.000-06:00`, Symbol: 'CLH6', Side: 'B', FillSize: 1 },
      { FillTime: `${iso}T15:35:00.000-06:00`, Symbol: 'CLH6', Side: 'S', FillSize: 1 },
    ],
    trades: [{ Symbol: 'CLH6', Pnl: net }],
  };
}
