import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benches } from './benches';
import type { Figures } from './types';

/** `npm run bench [name...]`: runs the benchmarks, prints each figure, writes bench-results.json. */
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const selected = only.length ? benches.filter((bench) => only.includes(bench.name)) : benches;
  const results: Figures = {};
  for (const bench of selected) {
    console.log(`\n== ${bench.name}`);
    const figures = await bench.run();
    for (const [name, figure] of Object.entries(figures)) {
      console.log(`${name}: ${figure.value} ${figure.unit}`);
      results[name] = figure;
    }
  }
  if (selected.length === 0) console.log('No benchmarks registered.');
  const out = resolve(__dirname, '../../bench-results.json');
  // A run of some benchmarks updates their figures and keeps the others of the last full run.
  const previous: Figures =
    only.length && existsSync(out)
      ? (JSON.parse(readFileSync(out, 'utf8') || '{}') as Figures)
      : {};
  writeFileSync(out, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
  console.log(`\nWrote ${Object.keys(results).length} figure(s) to bench-results.json`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
