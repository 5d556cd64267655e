import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { esbuildOptionsFor } from '../infra/constructs/function-bundling';
import { handlerEntry, repoRoot } from '../infra/paths';
import { resourcesOf } from '@shared/api/routes';

/**
 * Bundles every resource's handler into `dist/functions/<resource>/index.js` with the options the
 * CDK api stack deploys, so what runs here is what runs in Lambda.
 */
async function main(): Promise<void> {
  const outDir = path.join(repoRoot, 'dist', 'functions');
  // A resource dropped from the route table must not leave its old bundle behind.
  await rm(outDir, { recursive: true, force: true });
  const resources = resourcesOf();
  await Promise.all(
    resources.map((resource) =>
      build(esbuildOptionsFor(handlerEntry(resource), path.join(outDir, resource, 'index.js'))),
    ),
  );
  console.log(`Bundled ${resources.length} functions into dist/functions: ${resources.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
