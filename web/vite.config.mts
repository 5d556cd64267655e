import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Paths are resolved from this file, not the working directory, so the same config serves
// `vite build --config web/vite.config.mts` and bin/local.ts's middleware-mode dev server.
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));
const sharedDir = fileURLToPath(new URL('../shared', import.meta.url));
const nodeModulesDir = fileURLToPath(new URL('../node_modules', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: { alias: { '@shared': sharedDir } },
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
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'chakra', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
