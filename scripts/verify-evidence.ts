import { readFile } from 'node:fs/promises';
import { formatEvidenceReport, verifyEvidencePack } from '@shared/evidence/verify';
import { runCli } from './run-cli';

/*
 * `npm run verify-evidence -- <file>`: re-checks an evidence pack (docs/evidence-pack.md) with this
 * repository's rules engine alone, no AWS and no server: the SHA-256 of its inputs, then every day
 * recomputed from them. Prints "same verdict" and exits 0, or the first difference and exits 1;
 * exits 2 when the file cannot be read as a pack.
 */

const USAGE = 'Usage: npm run verify-evidence -- <evidence-file.json>';

export async function main(args: readonly string[]): Promise<number> {
  const [path, ...rest] = args;
  if (!path || rest.length > 0 || path === '--help' || path === '-h') {
    console.error(USAGE);
    return 2;
  }
  let file: unknown;
  try {
    file = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${path} as JSON: ${(error as Error).message}`);
    return 2;
  }
  const report = await verifyEvidencePack(file);
  for (const line of formatEvidenceReport(report)) console.log(line);
  if (report.invalid.length > 0) return 2;
  return report.ok ? 0 : 1;
}

runCli(module, main, 2);
