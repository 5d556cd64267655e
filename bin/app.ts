import { existsSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { desklineContext } from '../infra/context';
import { createDeskline } from '../infra/deskline';
import { repoRoot } from '../infra/paths';
import { routes } from '@shared/api/routes';

const webAssetsDir = path.join(repoRoot, 'dist', 'web');
// The web stack uploads the built SPA; without it synth would fail deep inside CDK's asset code.
if (!existsSync(path.join(webAssetsDir, 'index.html'))) {
  console.error('dist/web/index.html is missing: run `npm run build:web` before `cdk synth`.');
  process.exit(1);
}

const app = new App();
createDeskline(app, {
  // Account-agnostic unless the CLI found credentials: synth needs no AWS account.
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? 'us-east-1',
  },
  routes,
  webAssetsDir,
  // deskline:frameAncestors, deskline:frameSources, deskline:syncSchedule, deskline:alarmEmail,
  // deskline:membershipUrl (with membershipSiteUrl, toolsUrl, membershipSessionCookie)
  ...desklineContext(app),
});
