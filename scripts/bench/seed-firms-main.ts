import { startBenchTable } from './api-bench';
import { seedStore } from './seed-30k';
import { ensureSeededFirms, SEEDED_TABLES } from './seeded-firms';

/*
 * Seeds the growth benches' firms into the store unless it holds them already: a process of its own,
 * for a bench whose own process must not keep a client of this dynalite (the functions' document
 * client is one per process).
 */
async function main() {
  const store = seedStore();
  const db = await startBenchTable(SEEDED_TABLES.large, { path: store.path });
  try {
    await ensureSeededFirms(store);
  } finally {
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
