import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export type RulesModule = typeof import('@shared/rules');

/**
 * The rules engine bundled by esbuild, the way the sync Lambda ships it (DESIGN §10). Under tsx every
 * file becomes a CommonJS module whose imports are read through two getters per call; the deployed
 * bundle has none of that, so this is the code whose speed matters.
 */
export function loadBundledRules(): RulesModule {
  const [output] = buildSync({
    entryPoints: [resolve(__dirname, '../../shared/rules/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  }).outputFiles;
  if (!output) throw new Error('esbuild produced no bundle');
  const directory = mkdtempSync(join(tmpdir(), 'deskline-rules-'));
  try {
    const file = join(directory, 'rules.cjs');
    writeFileSync(file, output.contents);
    return createRequire(__filename)(file) as RulesModule;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
