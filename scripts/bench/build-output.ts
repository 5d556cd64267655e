import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { esbuildOptionsFor } from '../../infra/constructs/function-bundling';
import type { Bench } from './types';

/*
 * Sizes from `npm run build`: the largest minified Lambda bundle, the JS and CSS the
 * sign-in and home screens need (gzip), and the largest bundle's module-load time against a bare
 * handler's, both loaded the way Lambda loads them, in the same run.
 */

const ROOT = resolve(__dirname, '../..');
const FUNCTIONS_DIR = join(ROOT, 'dist', 'functions');
const WEB_DIR = join(ROOT, 'dist', 'web');
/** The lazily loaded route modules of the first screens (web/src/app/router.tsx). */
const FIRST_SCREENS = ['sign-in-page', 'home-page'];
const LOADS = 7;

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') {
    console.log('BENCH_SKIP_BUILD=1: measuring the existing dist/');
    return;
  }
  console.log('npm run build ...');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`npm run build exited with ${result.status}`);
}

/** Every resource's bundle, largest first. */
function lambdaBundles(): Array<{ resource: string; file: string; bytes: number }> {
  return readdirSync(FUNCTIONS_DIR)
    .map((resource) => ({ resource, file: join(FUNCTIONS_DIR, resource, 'index.js') }))
    .filter(({ file }) => existsSync(file))
    .map((bundle) => ({ ...bundle, bytes: statSync(bundle.file).size }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** The assets a chunk imports statically (not its `import()`s), by file name. */
function staticImports(code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(
    /(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.(?:js|css))["']/g,
  )) {
    names.add(match[1]!);
  }
  return [...names];
}

/**
 * The first load of the sign-in and home screens: what index.html loads (entry, preloads, styles),
 * the first screens' lazy chunks, and everything those import statically, each file counted once.
 */
function firstLoadAssets(): string[] {
  const assetsDir = join(WEB_DIR, 'assets');
  const html = readFileSync(join(WEB_DIR, 'index.html'), 'utf8');
  const roots = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  const files = readdirSync(assetsDir);
  for (const screen of FIRST_SCREENS) {
    const chunk = files.find((name) => name.startsWith(`${screen}-`) && name.endsWith('.js'));
    if (!chunk) throw new Error(`No chunk of ${screen} in dist/web/assets`);
    roots.push(chunk);
  }
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    if (name.endsWith('.js'))
      staticImports(readFileSync(join(assetsDir, name), 'utf8')).forEach(visit);
  };
  roots.forEach(visit);
  return [...seen].sort();
}

/** A bundle with nothing but a handler, built like every function (the reference of initRatio). */
function bareHandlerBundle(directory: string): string {
  const entry = join(directory, 'bare.ts');
  writeFileSync(entry, 'export const handler = async () => ({ statusCode: 200, body: "" });\n');
  const outfile = join(directory, 'bare', 'index.js');
  buildSync(esbuildOptionsFor(entry, outfile));
  return outfile;
}

/** Milliseconds to load a module in a fresh Node.js, as Lambda's init does (source maps on). */
function loadMs(file: string): number {
  const script =
    'const s=process.hrtime.bigint();require(process.argv[1]);' +
    'process.stdout.write(String(Number(process.hrtime.bigint()-s)/1e6))';
  const result = spawnSync(process.execPath, ['--enable-source-maps', '-e', script, file], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      AWS_REGION: 'us-east-1',
      TABLE_NAME: 'bench',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
    },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`Loading ${file} failed:\n${result.stderr}`);
  return Number(result.stdout);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const buildOutputBench: Bench = {
  name: 'build',
  async run() {
    build();
    const bundles = lambdaBundles();
    const largest = bundles[0];
    if (!largest) throw new Error('No Lambda bundle in dist/functions');
    console.log(
      `Lambda bundles (minified, AWS SDK external): ${bundles
        .slice(0, 5)
        .map((bundle) => `${bundle.resource} ${kb(bundle.bytes)} KB`)
        .join(', ')}, ...`,
    );

    const assets = firstLoadAssets();
    const gzipped = assets.map((name) => ({
      name,
      bytes: gzipSync(readFileSync(join(WEB_DIR, 'assets', name))).length,
    }));
    const firstLoad = gzipped.reduce((sum, asset) => sum + asset.bytes, 0);
    console.log(
      `SPA first load (sign-in and home, gzip): ${kb(firstLoad)} KB in ${assets.length} files; ` +
        gzipped
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 4)
          .map((asset) => `${asset.name} ${kb(asset.bytes)} KB`)
          .join(', '),
    );

    const directory = mkdtempSync(join(tmpdir(), 'deskline-bare-'));
    try {
      const bare = bareHandlerBundle(directory);
      const largestTimes: number[] = [];
      const bareTimes: number[] = [];
      // Alternated, so a burst of load elsewhere on the machine hits both alike.
      for (let run = 0; run < LOADS; run += 1) {
        largestTimes.push(loadMs(largest.file));
        bareTimes.push(loadMs(bare));
      }
      const initRatio = median(largestTimes) / median(bareTimes);
      console.log(
        `module load, median of ${LOADS}: ${largest.resource} ${median(largestTimes).toFixed(1)} ms, ` +
          `bare handler ${median(bareTimes).toFixed(1)} ms = ${initRatio.toFixed(1)}x`,
      );
      return {
        'bundle.maxKb': { value: kb(largest.bytes), unit: `KB (${largest.resource})` },
        'web.firstLoadKbGz': { value: kb(firstLoad), unit: 'KB gzip' },
        'lambda.initRatio': { value: Number(initRatio.toFixed(2)), unit: 'x' },
      };
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  },
};
