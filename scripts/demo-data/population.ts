import { formatDate } from './calendar';
import type { Root } from './instruments';
import { PROGRAM_PREFIXES } from './programs';
import { randomFor, type Random } from './random';

/** The firm's traders and their broker accounts, drawn once per seed. */

export type RithmicStatus = 'Active' | 'Inactive' | 'Admin Only';

/** How an account trades when no scenario scripts it. */
export type Persona = 'steady' | 'breakeven' | 'reckless';

export interface DemoTrader {
  number: number;
  traderId: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phoneNumber: string;
  status: 'enabled' | 'disabled';
  tradingStatus: 'active' | 'inactive';
  rithmicUserId: string;
}

export interface TradingStyle {
  persona: Persona;
  roots: readonly Root[];
  /** Chance of trading on a given day. */
  activity: number;
  /** Mean number of round trips on a trading day. */
  roundTrips: number;
  /** Largest position the trader takes, in tenths of a standard contract (micros count 1). */
  sizeTenths: number;
  /** Mean and deviation of a day's net P&L, in cents. */
  meanCents: number;
  deviationCents: number;
  /** Disciplined traders keep clear of their limits; reckless ones do not. */
  disciplined: boolean;
}

export interface DemoAccount {
  /** Unique number of the account; its id is `<program prefix>-<ordinal, six digits>`. */
  ordinal: number;
  accountId: string;
  name: string;
  trader: DemoTrader;
  prefix: string;
  rithmicStatus: RithmicStatus;
  pbtStatus: 'active' | 'pending';
  createdDate: string;
  style: TradingStyle;
}

/** The local stack's demo trader signs in with this address: the first trader owns it. */
export const DEMO_TRADER_EMAIL = 'trader@example.com';

/** Scenario accounts take ordinals below this; drawn accounts follow. */
export const FIRST_DRAWN_ORDINAL = 100;

const FIRST_NAMES = (
  'James|Mary|Robert|Patricia|John|Jennifer|Michael|Linda|David|Elizabeth|William|' +
  'Barbara|Richard|Susan|Joseph|Jessica|Thomas|Sarah|Carlos|Karen|Daniel|Lisa|' +
  'Matthew|Nancy|Anthony|Sofia|Mark|Ashley|Wei|Priya|Kenji|Amara|Luca|Ingrid|Mateo|' +
  'Chloe|Omar|Hana|Ivan|Zoe'
).split('|');

const LAST_NAMES = (
  'Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|' +
  "Hernandez|Lopez|Gonzalez|Wilson|Anderson|Taylor|Moore|Jackson|O'Brien|O'Neil|" +
  "D'Angelo|Nguyen|Kim|Patel|Chen|Schmidt|Rossi|Novak|Kowalski|Silva|Tanaka|Okafor|" +
  'Haddad|Larsen|Dubois|Van der Berg|MacLeod|Costa|Ivanova|Singh'
).split('|');

const AREA_CODES = [312, 773, 212, 646, 415, 305, 512, 617] as const;

const ROOT_SETS: readonly (readonly [readonly Root[], number])[] = [
  [['ES', 'NQ'], 30],
  [['ES'], 10],
  [['NQ'], 8],
  [['MES', 'MNQ'], 22],
  [['MNQ'], 8],
  [['CL', 'GC'], 8],
  [['CL'], 4],
  [['ES', 'MNQ', 'CL', 'GC'], 10],
];

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export function accountId(prefix: string, ordinal: number): string {
  return `${prefix}-${pad(ordinal, 6)}`;
}

export function drawTrader(seed: string, number: number): DemoTrader {
  const random = randomFor(seed, 'trader', number);
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const handle = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  const username = `${handle}${number}`;
  return {
    number,
    traderId: `TR${pad(number, 6)}`,
    firstName,
    lastName,
    username,
    email: number === 1 ? DEMO_TRADER_EMAIL : `${username}@example.com`,
    // 555-0100 to 555-0199 are reserved for fiction in every North American area code.
    phoneNumber: `+1-${random.pick(AREA_CODES)}-555-01${pad(random.int(0, 99), 2)}`,
    status: random.chance(0.96) ? 'enabled' : 'disabled',
    tradingStatus: random.chance(0.92) ? 'active' : 'inactive',
    rithmicUserId: `DL-${pad(number, 6)}`,
  };
}

export function drawStyle(
  random: Random,
  startingBalanceCents: number,
  funded: boolean,
): TradingStyle {
  const persona = random.weighted<Persona>(
    funded
      ? [
          ['steady', 50],
          ['breakeven', 45],
          ['reckless', 5],
        ]
      : [
          ['steady', 30],
          ['breakeven', 50],
          ['reckless', 20],
        ],
  );
  const deviation = startingBalanceCents * random.between(0.003, 0.008);
  const edge =
    persona === 'steady'
      ? random.between(0.15, 0.4)
      : persona === 'breakeven'
        ? random.between(-0.12, 0.12)
        : random.between(-0.35, 0);
  const reckless = persona === 'reckless';
  return {
    persona,
    roots: random.weighted(ROOT_SETS),
    activity: random.between(0.6, 0.95),
    roundTrips: random.between(1.1, 2.2),
    // One to three standard contracts per $50,000, twice that for the reckless.
    sizeTenths: Math.round(
      (startingBalanceCents / 5_000_000) * random.between(10, 30) * (reckless ? 2 : 1),
    ),
    meanCents: Math.round(deviation * edge * (reckless ? 2.5 : 1)),
    deviationCents: Math.round(deviation * (reckless ? 2.5 : 1)),
    disciplined: !reckless,
  };
}

const PROGRAM_WEIGHTS: Readonly<Record<string, number>> = {
  EVAL50K: 34,
  EVAL100K: 24,
  EVAL150K: 12,
  SIMF100K: 14,
  LIVE100K: 6,
  DEMO50K: 10,
};

/**
 * The `index`-th drawn account of a trader. The program is drawn again while the trader already holds
 * the program's maximum, so a population respects every phase's `maxAccountsPerTrader`.
 */
export function drawAccount(options: {
  seed: string;
  trader: DemoTrader;
  index: number;
  ordinal: number;
  firstDay: number;
  held: ReadonlyMap<string, number>;
  maxPerTrader: ReadonlyMap<string, number>;
  programNames: ReadonlyMap<string, string>;
  startingBalances: ReadonlyMap<string, number>;
}): DemoAccount {
  const { seed, trader, ordinal } = options;
  const random = randomFor(seed, 'account', trader.number, options.index);
  const open = PROGRAM_PREFIXES.filter(
    (prefix) => (options.held.get(prefix) ?? 0) < (options.maxPerTrader.get(prefix) ?? Infinity),
  );
  const prefix = random.weighted(
    open.map((candidate) => [candidate, PROGRAM_WEIGHTS[candidate] ?? 1]),
  );
  const funded = prefix.startsWith('SIMF') || prefix.startsWith('LIVE');
  return {
    ordinal,
    accountId: accountId(prefix, ordinal),
    // Names carry a comma and sometimes an apostrophe: the files exercise RFC 4180 quoting.
    name: `${trader.lastName}, ${trader.firstName} - ${options.programNames.get(prefix) ?? prefix}`,
    trader,
    prefix,
    rithmicStatus: random.weighted<RithmicStatus>([
      ['Active', 88],
      ['Inactive', 5],
      ['Admin Only', 7],
    ]),
    pbtStatus: random.chance(0.93) ? 'active' : 'pending',
    createdDate: formatDate(options.firstDay - random.int(1, 20)),
    style: drawStyle(random, options.startingBalances.get(prefix) ?? 5_000_000, funded),
  };
}
