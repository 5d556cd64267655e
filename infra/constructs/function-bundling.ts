import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * The one esbuild configuration of every Lambda bundle. CDK's NodejsFunction and
 * `npm run build:functions` both derive theirs from it, so a bundle built locally is the bundle
 * that is deployed.
 */
export const functionBundle = {
  // The Lambda runtime is Node.js 22 (DESIGN §10).
  target: 'node22',
  minify: true,
  // Minified stack traces are unreadable; the functions run with --enable-source-maps.
  sourcemap: true,
  // The Node.js 22 runtime ships AWS SDK v3; bundling a second copy only slows cold starts.
  // nodemailer sends e-mail through the local inbox only (in AWS, SES does): it is loaded on first
  // use where `SMTP_HOST` is set, so the bundles leave it out.
  external: ['@aws-sdk/*', 'nodemailer'],
} as const;

/** NodejsFunction's view of {@link functionBundle}: local esbuild, never Docker. */
export const cdkBundlingOptions: BundlingOptions = {
  target: functionBundle.target,
  minify: functionBundle.minify,
  sourceMap: functionBundle.sourcemap,
  externalModules: [...functionBundle.external],
  // CommonJS: esbuild converts the ESM-only dependencies (middy, jose), and the output needs no
  // `.mjs` name or `require` shim.
  format: OutputFormat.CJS,
  forceDockerBundling: false,
};

/** esbuild's view of {@link functionBundle} for one handler, as NodejsFunction would run it. */
export function esbuildOptionsFor(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: functionBundle.target,
    minify: functionBundle.minify,
    sourcemap: functionBundle.sourcemap,
    external: [...functionBundle.external],
    logLevel: 'warning',
  };
}
