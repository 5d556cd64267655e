import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { esbuildOptionsFor } from '../infra/constructs/function-bundling';
import { handlerEntry, repoRoot, workflowEntry } from '../infra/paths';
import { resourceSettings } from '../infra/resource-permissions';
import { resourcesOf } from '@shared/api/routes';

/**
 * Bundles every resource's handler into `dist/functions/<resource>/index.js` (and a resource's
 * workflow function into `dist/functions/<resource>-workflow/index.js`) with the options the CDK api
 * stack deploys, so what runs here is what runs in Lambda.
 */
async function main(): Promise<void> {
  const outDir = path.join(repoRoot, 'dist', 'functions');
  // A resource dropped from the route table must not leave its old bundle behind.
  await rm(outDir, { recursive: true, force: true });
  // Each resource's HTTP function, and the workflow function of those that have one (`<resource>-workflow`):
  // the api stack's (settings) or a stack's own (the notifications function's).
  const bundles = resourcesOf().flatMap((resource) => [
    { name: resource, entry: handlerEntry(resource) },
    ...(resourceSettings[resource]?.workflow || existsSync(workflowEntry(resource))
      ? [{ name: `${resource}-workflow`, entry: workflowEntry(resource) }]
      : []),
  ]);
  await Promise.all(
    bundles.map(({ name, entry }) =>
      build(esbuildOptionsFor(entry, path.join(outDir, name, 'index.js'))),
    ),
  );
  console.log(
    `Bundled ${bundles.length} functions into dist/functions: ${bundles.map(({ name }) => name).join(', ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
