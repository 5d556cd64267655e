import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Paths are resolved from this file, not the working directory, so the same config serves
// `vite build --config web/vite.config.mts` and bin/local.ts's middleware-mode dev server.
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));
const sharedDir = fileURLToPath(new URL('../shared', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const nodeModulesDir = fileURLToPath(new URL('../node_modules', import.meta.url));

/*
 * Library chunks (issue 14): what every screen, the first ones included, runs on, so they stay
 * cached across deploys and the first load is a few files, not dozens. Only libraries the first
 * screens need belong here: anything else in a group would be downloaded before the first paint
 * (a catch-all 'vendor' group put the charts, tables and every Chakra component there). The rest of
 * node_modules goes with the lazy screens that import it.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](react-query|query-core))[\\/]/;
/** Chakra's styling system and theme, and the primitives every screen uses. */
const CHAKRA_CORE = new RegExp(
  [
    String.raw`node_modules[\\/](@emotion|stylis|@pandacss)[\\/]`,
    String.raw`@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]([\w.-]+\.js$|styled-system|theme|utils)`,
    String.raw`@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](box|stack|flex|grid|simple-grid|center|container|group|button|icon|icons\.js|loader|spinner|typography|text|heading|link|card|alert|field|input)[\\/.]`,
  ].join('|'),
);

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: { alias: { '@shared': sharedDir, '@': srcDir } },
  server: {
    // The dev server serves the SPA's own sources, the shared code and the libraries, nothing else of
    // the repository: never `.data/` (the local user pool, its passwords and refresh tokens), `.git`
    // or secrets (issue 9).
    fs: {
      strict: true,
      allow: [webRoot, sharedDir, nodeModulesDir],
      deny: [
        '.env',
        '.env.*',
        '*.{crt,pem,key,p12,pfx}',
        '**/.data/**',
        '**/.git/**',
        '**/cdk.out/**',
      ],
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: FRAMEWORK },
            { name: 'chakra', test: CHAKRA_CORE },
          ],
        },
      },
    },
  },
});
