import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { revenueRepository } from '../../../functions/lib/repositories/revenue-repository';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import { runSync } from '../../support/run-sync';
import { brokerFilesOf, fileBody } from '../../../functions/sync/s3-source';
import { memorySource } from './support/memory-source';
import { demoRules } from '../../../scripts/demo-data';
import { seedPrograms, seedRules } from '../../../scripts/local-stack/seed';
import { useFreshTable } from '../../support/fresh-table';

describe('broker files of a listing', () => {
  it('keeps the broker files in listed order with their times and skips every other key', () => {
    expect(
      brokerFilesOf([
        { key: 'broker/20260302/daily-trades.csv.gz', lastModified: '2026-03-02T06:00:00.000Z' },
        { key: 'broker/20260302/notes.txt', lastModified: '2026-03-02T06:00:00.000Z' },
        { key: 'broker/20260302/unknown-kind.csv', lastModified: '2026-03-02T06:00:00.000Z' },
        { key: 'broker/20260302/traders.csv', lastModified: '2026-03-02T07:00:00.000Z' },
      ]),
    ).toEqual([
      {
        key: 'broker/20260302/daily-trades.csv.gz',
        kind: 'daily-trades',
        gzip: true,
        lastModified: '2026-03-02T06:00:00.000Z',
      },
      {
        key: 'broker/20260302/traders.csv',
        kind: 'traders',
        gzip: false,
        lastModified: '2026-03-02T07:00:00.000Z',
      },
    ]);
  });
});

describe("a broker file's body", () => {
  const text = 'email,traderId\njo@example.com,T1\n'.repeat(2_000);
  const read = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  it('gunzips a .gz file and passes a plain one through', async () => {
    await expect(read(fileBody(Readable.from([gzipSync(text)]), true))).resolves.toBe(text);
    await expect(read(fileBody(Readable.from([Buffer.from(text)]), false))).resolves.toBe(text);
  });

  it('ends the read with the error of a body that fails midway, gzip or not', async () => {
    const zipped = gzipSync(text);
    const failing = (bytes: Buffer) =>
      new Readable({
        read() {
          this.push(bytes.subarray(0, 100));
          this.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
        },
      });

    await expect(read(fileBody(failing(zipped), true))).rejects.toThrow('socket hang up');
    await expect(read(fileBody(failing(Buffer.from(text)), false))).rejects.toThrow(
      'socket hang up',
    );
  });
});

describe('reading broker files', () => {
  useFreshTable();

  it('reads RFC 4180 quoting, ignores unknown columns and takes missing optional columns as absent', async () => {
    const source = memorySource({
      'broker/20260302/traders.csv':
        'email,traderId,nickname,firstName,lastName\n' +
        '"jo@example.com",T1,ignored,"Jo, ""JJ""","Smith\nJr"\n' +
        'al@example.com,T2,x,Al,\n',
    });

    const { summary } = await runSync({ count: 1, source });

    expect(summary).toMatchObject({ tradersRecords: 2, rejectedRows: [] });
    await expect(traderRepository.get('T1')).resolves.toMatchObject({
      email: 'jo@example.com',
      firstName: 'Jo, "JJ"',
      lastName: 'Smith\nJr',
    });
    const second = await traderRepository.get('T2');
    expect(second).toMatchObject({ firstName: 'Al', lastName: '' });
    expect(second).not.toHaveProperty('phoneNumber');
  });

  it('reads gzip files like plain ones', async () => {
    const source = memorySource({
      'broker/20260303/daily-revenue.csv.gz': gzipSync(
        'date,provider,grossIncome,totalFees\n20260303,paypal,10000,290\n',
      ),
    });

    await runSync({ count: 1, source });

    await expect(
      revenueRepository.listByDateRange({ startDate: '20260303', endDate: '20260303' }),
    ).resolves.toEqual([
      expect.objectContaining({
        provider: 'paypal',
        metrics: expect.objectContaining({ grossIncome: 10000, netIncome: 9710 }),
      }),
    ]);
  });

  it('rejects a file without a required column as a whole, naming the column', async () => {
    const source = memorySource({
      'broker/20260304/accounts.csv': 'accountId,name\nA1,No trader\n',
    });

    const { summary } = await runSync({ count: 1, source });

    expect(summary).toMatchObject({ accountsRecords: 0, processedFiles: 0, totalFiles: 1 });
    expect(summary.rejectedRows).toEqual([
      {
        file: 'broker/20260304/accounts.csv',
        line: 1,
        reason: 'Missing required column(s): traderId',
      },
    ]);
  });

  it('keeps the other rows when the parser cannot read one, and says which line', async () => {
    const source = memorySource({
      'broker/20260305/daily-revenue.csv':
        'date,provider,grossIncome\n20260305,stripe,100\n20260305,"paypal,200\n',
    });

    const { summary } = await runSync({ count: 1, source });

    expect(summary.dailyRevenueRecords).toBe(1);
    expect(summary.rejectedRows).toEqual([
      {
        file: 'broker/20260305/daily-revenue.csv',
        line: 3,
        reason: expect.stringContaining('Unclosed quote starting on line 3'),
      },
    ]);
  });

  it('rejects a performance row dated other than its folder', async () => {
    const source = memorySource({
      'broker/20260306/daily-performance.csv':
        'Account,Date,NetPnl,AcctBal,Trades\nA1,20260305,10,50010,1\n',
    });

    const { summary } = await runSync({ count: 1, source });

    expect(summary.rejectedRows[0]?.reason).toBe("Date 20260305 is not the folder's date 20260306");
  });
});

describe('judging over several dates', () => {
  useFreshTable();

  it("reproduces the rules contract's worked example day by day (start 50,000, eod, 2,000, lock 0)", async () => {
    const createdAt = '2026-01-01T00:00:00.000Z';
    await seedRules(demoRules(createdAt).filter((rule) => rule.ruleId === 'drawdown-eod'));
    await seedPrograms([
      {
        prefix: 'CTR',
        name: 'Contract example',
        description: '',
        type: 'eval',
        status: 'active',
        currentPhase: 'evaluation',
        version: 1,
        phases: [
          {
            phaseId: 'evaluation',
            phaseName: 'Evaluation',
            description: '',
            type: 'evaluation',
            accountSize: 50_000,
            startingBalance: 50_000,
            currency: 'USD',
            rules: {
              programId: 'CTR',
              phaseId: 'evaluation',
              evaluationOrder: 'priority',
              rules: [
                {
                  ruleId: 'drawdown-eod',
                  enabled: true,
                  priority: 1,
                  parameterOverrides: {},
                  customMessages: {},
                },
              ],
            },
            fees: [],
            phaseManagement: { payoutEligible: false },
          },
        ],
        urls: {},
      },
    ]);
    const days: [string, number, number, number?][] = [
      ['20260302', 50_600, 600],
      ['20260303', 50_100, -500],
      ['20260304', 52_400, 2_300],
      ['20260305', 50_050, -2_350],
      ['20260306', 49_990, -60, -60],
    ];
    const files: Record<string, string> = {
      'broker/20260302/traders.csv': 'traderId,email\nT1,t1@example.com\n',
      'broker/20260302/accounts.csv': 'accountId,traderId\nCTR-1,T1\n',
    };
    for (const [date, balance, netPnl, lowPnl] of days) {
      files[`broker/${date}/daily-performance.csv`] =
        'Account,Date,NetPnl,AcctBal,Trades,LowPnl\n' +
        `CTR-1,${date},${netPnl},${balance},2,${lowPnl ?? ''}\n`;
    }

    await runSync({ count: 5, source: memorySource(files) });

    const judged = await performanceRepository.listByAccount('CTR-1');
    const byDate = [...judged.items].reverse();
    expect(byDate.map((day) => day.conformance?.overallStatus)).toEqual([
      'compliant',
      'compliant',
      'compliant',
      'warning',
      'violation',
    ]);
    expect(byDate.map((day) => day.conformance?.rules[0]?.details)).toEqual([
      expect.objectContaining({ floorInForce: 48_000, floorAfter: 48_600 }),
      expect.objectContaining({ floorInForce: 48_600, floorAfter: 48_600 }),
      expect.objectContaining({ floorInForce: 48_600, floorAfter: 50_000 }),
      expect.objectContaining({ floorInForce: 50_000, floorAfter: 50_000 }),
      expect.objectContaining({ floorInForce: 50_000 }),
    ]);
    await expect(accountRepository.get('CTR-1')).resolves.toMatchObject({
      status: 'failed',
      accountSummary: { phaseFailed: true, phaseFailedDate: '20260306' },
    });
  });
});
