import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { esbuildOptionsFor } from '../infra/constructs/function-bundling';
import { handlerEntry, workflowEntry } from '../infra/paths';

/**
 * What a Lambda bundle is made of, for keeping it under `bundle.maxKb` (README, Benchmarks):
 *
 *   npm run bundle-report -- <bundle> [--files] [--why <path part>]
 *
 * `<bundle>` is a resource (`accounts`) or a workflow function (`sync-workflow`), built with the
 * options the api stack deploys. It prints the minified size, the bytes per package or folder (or
 * per file with `--files`), and with `--why` the import chains that bring the matching files in.
 */

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function groupOf(file: string): string {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return npm ? `npm:${npm[1]}` : file.split('/').slice(0, 3).join('/');
}

/** The shortest import chain from the entry to `target`, breadth first. */
function chainTo(metafile: Metafile, entry: string, target: string): string[] {
  const previous = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (file === target) break;
    for (const { path: imported } of metafile.inputs[file]?.imports ?? []) {
      if (!previous.has(imported) && metafile.inputs[imported]) {
        previous.set(imported, file);
        queue.push(imported);
      }
    }
  }
  const chain: string[] = [];
  for (let at: string | null | undefined = target; at; at = previous.get(at)) chain.unshift(at);
  return chain;
}

async function main(): Promise<void> {
  const [bundle, ...flags] = process.argv.slice(2);
  if (!bundle) throw new Error('Usage: npm run bundle-report -- <bundle> [--files] [--why <part>]');
  const entry = bundle.endsWith('-workflow')
    ? workflowEntry(bundle.slice(0, -'-workflow'.length))
    : handlerEntry(bundle);
  const outDir = mkdtempSync(path.join(tmpdir(), 'bundle-report-'));
  try {
    const { metafile } = await build({
      ...esbuildOptionsFor(entry, path.join(outDir, 'index.js')),
      sourcemap: false,
      metafile: true,
    });
    const [output] = Object.values(metafile.outputs);
    if (!output) throw new Error(`esbuild wrote no output for ${bundle}`);
    console.log(`${bundle}: ${kb(output.bytes)}`);

    const byFile = flags.includes('--files');
    const sizes = new Map<string, number>();
    for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
      const key = byFile ? file : groupOf(file);
      sizes.set(key, (sizes.get(key) ?? 0) + bytesInOutput);
    }
    for (const [name, bytes] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
      console.log(`${kb(bytes).padStart(9)}  ${name}`);
    }

    const why = flags[flags.indexOf('--why') + 1];
    if (flags.includes('--why') && why) {
      const entryInput = path.relative(process.cwd(), entry);
      for (const target of Object.keys(output.inputs).filter((file) => file.includes(why))) {
        console.log(`\n${target}:\n  ${chainTo(metafile, entryInput, target).join('\n  -> ')}`);
      }
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

// Piped into `head`, the report stops quietly when the reader has read enough.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
