import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FILE_KINDS } from '../../../scripts/demo-data/rows';
import { generateToTemp, hashTree, SMALL, type Generated } from './support';

const made: Generated[] = [];
async function generate(options = SMALL): Promise<Generated> {
  const generated = await generateToTemp(options);
  made.push(generated);
  return generated;
}

afterAll(() => made.forEach((generated) => generated.remove()));

describe('demo data determinism', () => {
  it('writes byte-identical files for the same seed', async () => {
    const first = await generate();
    const second = await generate();

    const hashes = hashTree(first.dir);
    expect(hashes.size).toBe(SMALL.days! * FILE_KINDS.length + 3);
    expect(hashTree(second.dir)).toEqual(hashes);
  });

  it('writes different trading for a different seed', async () => {
    const first = await generate();
    const other = await generate({ ...SMALL, seed: 'another seed' });

    const a = hashTree(first.dir);
    const b = hashTree(other.dir);
    const date = first.result.dates.at(-1)!;
    for (const kind of ['daily-fills', 'daily-performance', 'audit-trail', 'traders'] as const) {
      const key = join('broker', date, `${kind}.csv`);
      expect(b.get(key)).not.toBe(a.get(key));
    }
    // The catalogue does not depend on the seed, only on the dates.
    expect(b.get(join('seed', 'programs.json'))).toBe(a.get(join('seed', 'programs.json')));
  });

  it('keeps the scenario account ids whatever the population size', async () => {
    const small = await generate();
    const larger = await generate({ ...SMALL, traders: 9, accountsPerTrader: 3 });

    const ids = (generated: Generated) =>
      generated.result.manifest.scenarios.map((scenario) => scenario.accountId);
    expect(ids(larger)).toEqual(ids(small));
  });

  it('writes gzip files that decompress to the plain files', async () => {
    // Three generations (plain, gzip, gzip again) of a population small enough to take a fraction of
    // the hang guard on a loaded machine: every kind is still written for every date.
    const tiny = { ...SMALL, traders: 3, days: 3 };
    const plain = await generate(tiny);
    const gzipped = await generate({ ...tiny, gzip: true });

    expect(gzipped.result.files.filter((key) => key.endsWith('.csv.gz'))).toHaveLength(
      tiny.days * FILE_KINDS.length,
    );
    for (const key of gzipped.result.files) {
      const bytes = readFileSync(join(gzipped.dir, key));
      const expected = readFileSync(join(plain.dir, key.replace(/\.gz$/, '')));
      expect(key.endsWith('.gz') ? gunzipSync(bytes) : bytes).toEqual(expected);
    }
    // Deterministic too: no timestamp in the gzip header.
    const again = await generate({ ...tiny, gzip: true });
    expect(hashTree(again.dir)).toEqual(hashTree(gzipped.dir));
  });
});
