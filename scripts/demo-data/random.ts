/**
 * The generator's only source of randomness. Same seed → same numbers on every machine: a string hash
 * (cyrb128) seeds a small counter-based generator (sfc32), and every draw is built from 32-bit integer
 * steps and basic IEEE arithmetic, never from Math.random or the platform's transcendental functions.
 */

/** Four 32-bit words from a string (cyrb128, public domain). */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = hash128(seed);
    // sfc32's first outputs still correlate with the seed words.
    for (let index = 0; index < 12; index += 1) this.uint32();
  }

  /** sfc32 (Chris Doty-Humphrey, public domain). */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('Cannot pick from an empty list');
    return item;
  }

  /** One of the entries, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let draw = this.next() * total;
    for (const [value, weight] of entries) {
      draw -= weight;
      if (draw < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (last === undefined) throw new RangeError('Cannot pick from an empty list');
    return last[0];
  }

  /**
   * Approximately normal (Irwin–Hall sum of twelve uniforms): bounded at ±6 standard deviations, which
   * suits prices and P&L, and free of the platform's log and cosine.
   */
  normal(mean = 0, deviation = 1): number {
    let sum = 0;
    for (let index = 0; index < 12; index += 1) sum += this.next();
    return mean + (sum - 6) * deviation;
  }
}

/**
 * An independent stream per purpose (`randomFor(seed, 'account', id, date)`): what one account does on
 * one day does not depend on how many other accounts were drawn before it.
 */
export function randomFor(seed: string, ...parts: readonly (string | number)[]): Random {
  return new Random([seed, ...parts].join('\u001f'));
}
