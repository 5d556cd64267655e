import type { AmemberRecord, Trader } from '@shared/traders/trader';
import { isoDate, parseDate } from './calendar';
import { drawTrader, type DemoTrader } from './population';
import { randomFor, type Random } from './random';

/**
 * The trader fields the broker's `traders.csv` does not carry (spec 000 §3 Trader): address, phones
 * by kind, login info, IP addresses, device fingerprints, Stripe id, last app used, the membership
 * (`amember`) record and when the trader's record was created (the dashboard's Account Created). In production other systems fill them; the demo draws them per
 * trader, so the trader summary page and the trader dashboard show every field they can. Some
 * traders get none or only part of them, so the screens' empty states show too.
 */
export type TraderProfile = Pick<
  Trader,
  | 'address'
  | 'phone'
  | 'loginInfo'
  | 'ipAddresses'
  | 'fingerprints'
  | 'stripeId'
  | 'lastAppUsed'
  | 'amember'
  | 'createdAt'
>;

/** The Rithmic password of the demo member (trader TR000001) in the membership stand-in. */
export const DEMO_MEMBER_RITHMIC_PASSWORD = 'Rithmic-Demo-1';

/** Cities of the population's area codes (scripts/demo-data/population.ts), street names invented. */
const PLACES: Readonly<
  Record<string, { city: string; state: string; zips: readonly [number, number] }>
> = {
  '312': { city: 'Chicago', state: 'IL', zips: [60601, 60661] },
  '773': { city: 'Chicago', state: 'IL', zips: [60607, 60660] },
  '212': { city: 'New York', state: 'NY', zips: [10001, 10040] },
  '646': { city: 'New York', state: 'NY', zips: [10001, 10040] },
  '415': { city: 'San Francisco', state: 'CA', zips: [94102, 94134] },
  '305': { city: 'Miami', state: 'FL', zips: [33125, 33196] },
  '512': { city: 'Austin', state: 'TX', zips: [78701, 78759] },
  '617': { city: 'Boston', state: 'MA', zips: [2108, 2136] },
};

const STREETS = [
  'Lakeview Ave',
  'Harbor St',
  'Maple Dr',
  'Cedar Ln',
  'Market St',
  'Ridge Rd',
  'Willow Way',
  'Franklin Blvd',
];

const APPS = ['R Trader Pro', 'NinjaTrader', 'Quantower', 'Sierra Chart', 'TradingView'];

/** Trader numbers divisible by this have no profile at all (the screens' empty states). */
const WITHOUT_PROFILE_EVERY = 7;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

function text(random: Random, alphabet: string, length: number): string {
  let out = '';
  for (let index = 0; index < length; index += 1) out += random.pick([...alphabet]);
  return out;
}

/** A number of the fictional 555-0100–0199 block (as `phoneNumber` in population.ts). */
function phone(random: Random, areaCode: string): string {
  return `+1-${areaCode}-555-01${pad(random.int(0, 99), 2)}`;
}

/** An address of the documentation ranges (RFC 5737): never anyone's real address. */
function ip(random: Random): string {
  const block = random.pick(['192.0.2', '198.51.100', '203.0.113']);
  return `${block}.${random.int(1, 254)}`;
}

/** `YYYYMMDD` + hours/minutes → an ISO time in UTC. */
function at(days: number, hour: number, minute: number): string {
  return `${isoDate(days)}T${pad(hour, 2)}:${pad(minute, 2)}:00.000Z`;
}

function amemberOf(
  random: Random,
  trader: DemoTrader,
  street: string,
  place: (typeof PLACES)[string],
  zip: string,
  areaCode: string,
): AmemberRecord {
  return {
    street,
    ...((trader.number === 1 || random.chance(0.4)) && {
      street2: `Suite ${random.int(100, 990)}`,
    }),
    city: place.city,
    zip,
    country: 'US',
    phone: phone(random, areaCode),
    // The trader identity: the membership record links the member to the trader (decisions.md).
    rithmic_user_id: trader.traderId,
    rithmic_passwd:
      trader.number === 1
        ? DEMO_MEMBER_RITHMIC_PASSWORD
        : `Rithmic-${text(random, ALPHANUMERIC, 10)}`,
  };
}

/**
 * The profile of trader `number` of a population drawn with `seed`, or undefined for the traders
 * left without one. Trader 1 (the demo trader) has every field; `endDate` (`YYYYMMDD`) anchors the
 * login times to the demo's last trading day.
 */
export function drawTraderProfile(
  seed: string,
  number: number,
  endDate: string,
): TraderProfile | undefined {
  if (number % WITHOUT_PROFILE_EVERY === 0) return undefined;
  const trader = drawTrader(seed, number);
  const random = randomFor(seed, 'profile', number);
  const full = number === 1;
  const areaCode = trader.phoneNumber.slice(3, 6);
  const place = PLACES[areaCode] ?? { city: 'Chicago', state: 'IL', zips: [60601, 60661] };
  const street = `${random.int(10, 9_899)} ${random.pick(STREETS)}`;
  const zip = pad(random.int(place.zips[0], place.zips[1]), 5);
  const end = parseDate(endDate);
  const lastDay = end - random.int(0, 3);
  const firstDay = end - random.int(60, 400);
  const ipAddresses = Array.from({ length: random.int(1, 3) }, () => ip(random));

  return {
    address: {
      street1: street,
      city: place.city,
      state: place.state,
      postalCode: zip,
      country: 'US',
    },
    phone: {
      mobile: trader.phoneNumber,
      ...((full || random.chance(0.5)) && { work: phone(random, areaCode) }),
      ...((full || random.chance(0.3)) && { home: phone(random, areaCode) }),
    },
    loginInfo: {
      first: at(firstDay, random.int(13, 21), random.int(0, 59)),
      last: at(lastDay, random.int(13, 21), random.int(0, 59)),
      expiry: at(lastDay + 30, 0, 0),
      lastIp: ipAddresses[0],
    },
    ipAddresses,
    fingerprints: Array.from({ length: random.int(1, 2) }, () => text(random, HEX, 32)),
    ...((full || random.chance(0.8)) && { stripeId: `cus_${text(random, ALPHANUMERIC, 14)}` }),
    lastAppUsed: random.pick(APPS),
    // The membership sign-up, a few days before the first login.
    createdAt: at(firstDay - random.int(1, 10), random.int(13, 21), random.int(0, 59)),
    ...((full || random.chance(0.6)) && {
      amember: amemberOf(random, trader, street, place, zip, areaCode),
    }),
  };
}

/** The profiles of traders 1…`traders`, by trader id (traders without one left out). */
export function demoTraderProfiles(options: {
  seed: string;
  traders: number;
  endDate: string;
}): Map<string, TraderProfile> {
  const profiles = new Map<string, TraderProfile>();
  for (let number = 1; number <= options.traders; number += 1) {
    const profile = drawTraderProfile(options.seed, number, options.endDate);
    if (profile) profiles.set(drawTrader(options.seed, number).traderId, profile);
  }
  return profiles;
}
