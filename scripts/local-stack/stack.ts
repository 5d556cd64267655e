import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { drawTrader } from '../demo-data/population';
import { createApiEmulator } from './api-emulator';
import {
  DEFAULT_DEMO_PASSWORD,
  DEMO_USERS,
  ensureBucket,
  ensureTable,
  ensureUser,
  ensureUserPool,
} from './bootstrap';
import { demoMembers, MEMBERSHIP_SESSION_COOKIE, startMembershipServer } from './membership-server';
import { LocalMarkerTrigger } from './files-trigger';
import { runSyncWorkflowInProcess } from '../../functions/sync/workflow';
import { runProgramsWorkflowInProcess } from '../../functions/programs/workflow';
import { runJobsWorkflowInProcess } from '../../functions/jobs/workflow';
import { runNotificationsInProcess } from '../../functions/lib/notifications/in-process';
import { startInbox, type LocalInbox } from './inbox';
import { ensureLocalSecretsKey } from './secrets-key';
import { DEMO_DATA, seedDemoData } from './seed';
import {
  LOCAL_ISSUER_DOMAIN,
  startCognito,
  startDynamo,
  startS3,
  type RunningServer,
} from './servers';
import { staticSpa, viteSpa, type WebHandler } from './web-server';

export const TABLE_NAME = 'deskline';
export const FILES_BUCKET = 'deskline-files';
const REGION = 'us-east-1';

export interface LocalStackOptions {
  /** Port of the single HTTP entry point; 0 picks a free one. */
  port: number;
  /** Where dynalite, s3rver and cognito-local keep their data. */
  dataDir: string;
  /** `dev`: Vite with hot reload; `dist`: the built SPA; `none`: API only. */
  web: 'dev' | 'dist' | 'none';
  demoPassword: string;
  /** Port of the membership stand-in; 0 picks a free one. @default 3100 beside port 3000, else free */
  membershipPort?: number;
  /** Port of the local S3 (s3rver); 0 picks a free one. @default 3200 beside port 3000, else free */
  s3Port?: number;
  /** Port of the e-mail inbox's web page and REST API. @default 3300 beside port 3000, else free */
  inboxPort?: number;
  /** Port of the inbox's SMTP server. @default 3325 beside port 3000, else free */
  smtpPort?: number;
  log(message: string): void;
}

/** Where operators drop broker files locally (README "Broker files locally"). */
export interface LocalBucket {
  endpoint: string;
  bucket: string;
  region: string;
  /** s3rver's own key pair: the only one it accepts. */
  accessKeyId: string;
  secretAccessKey: string;
}

export interface LocalStack {
  url: string;
  port: number;
  demoPassword: string;
  s3: LocalBucket;
  /** Where the notification e-mails arrive (README "E-mail and webhooks locally"). */
  inbox: Pick<LocalInbox, 'url' | 'smtpHost' | 'smtpPort'>;
  stop(): Promise<void>;
}

/** s3rver accepts only its own key pair. */
const S3RVER_KEY = 'S3RVER';

export function defaultDemoPassword(): string {
  return process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
}

/**
 * `npm start` (DESIGN §8): the AWS stand-ins, the API emulator and the SPA behind one port. The handlers
 * run in this process and reach the stand-ins through the same endpoint variables the AWS SDK reads.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { log } = options;
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const servers: RunningServer[] = [];
  const stopServers = () => Promise.all(servers.map((server) => server.close()));

  try {
    log('Starting DynamoDB (dynalite), S3 (s3rver) and Cognito (cognito-local)...');
    const [dynamo, s3, cognito] = await Promise.all([
      startDynamo(join(dataDir, 'dynamodb')),
      startS3(join(dataDir, 's3'), options.s3Port ?? (options.port === 3000 ? 3200 : 0)),
      startCognito(join(dataDir, 'cognito')),
    ]);
    servers.push(dynamo, s3, cognito);
    Object.assign(process.env, {
      AWS_REGION: REGION,
      // Lambda runs Node 22; the SDK's notice about this machine's Node 20 is noise here.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // s3rver accepts only its own key pair; dynalite and cognito-local accept any.
      AWS_ACCESS_KEY_ID: S3RVER_KEY,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEY,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      MEMBERSHIP_API_KEY: process.env.MEMBERSHIP_API_KEY || randomBytes(24).toString('base64url'),
      TABLE_NAME,
      FILES_BUCKET,
      // Seals firm secrets at rest, as the KMS key does in AWS (functions/lib/crypto/envelope.ts).
      FIRM_SECRETS_LOCAL_KEY: ensureLocalSecretsKey(join(dataDir, 'firm-secrets.key')),
    });

    const tableCreated = await ensureTable(new DynamoDBClient({}), TABLE_NAME);
    log(tableCreated ? `Created table ${TABLE_NAME}` : `Table ${TABLE_NAME} ready`);
    const bucketCreated = await ensureBucket(new S3Client({ forcePathStyle: true }), FILES_BUCKET);
    log(bucketCreated ? `Created bucket ${FILES_BUCKET}` : `Bucket ${FILES_BUCKET} ready`);

    const cognitoClient = new CognitoIdentityProviderClient({});
    const pool = await ensureUserPool(cognitoClient, join(dataDir, 'user-pool.json'));
    log(
      pool.created
        ? `Created user pool ${pool.ids.userPoolId} with groups admin, trader`
        : `User pool ${pool.ids.userPoolId} ready`,
    );
    for (const user of DEMO_USERS) {
      await ensureUser(cognitoClient, pool.ids.userPoolId, user, options.demoPassword);
    }
    process.env.USER_POOL_ID = pool.ids.userPoolId;
    process.env.USER_POOL_CLIENT_ID = pool.ids.clientId;

    await seedDemoData(log);

    // No Step Functions here: the runs a POST or a marker starts run in this process, with the
    // workflow function's steps (functions/sync/workflow.ts).
    runSyncWorkflowInProcess();
    // Nor a preview workflow: a program's impact preview is judged in this process's background.
    runProgramsWorkflowInProcess();
    // Nor a jobs workflow: upgrades, force updates and voids run in this process's background.
    runJobsWorkflowInProcess();
    // Nor notification queues: new events are e-mailed (to the local inbox) and sent to the
    // webhooks in this process's background, with short retry delays.
    const inbox = await startInbox({
      directory: join(dataDir, 'mail'),
      smtpPort: options.smtpPort ?? (options.port === 3000 ? 3325 : 0),
      webPort: options.inboxPort ?? (options.port === 3000 ? 3300 : 0),
    });
    servers.push({ endpoint: inbox.url, close: inbox.close });
    Object.assign(process.env, {
      SMTP_HOST: inbox.smtpHost,
      SMTP_PORT: String(inbox.smtpPort),
      NOTIFY_FROM_EMAIL: process.env.NOTIFY_FROM_EMAIL || 'Deskline <notifications@deskline.local>',
      // Staff events go to the demo admin unless the operator names other addresses.
      STAFF_NOTIFY_EMAILS:
        process.env.STAFF_NOTIFY_EMAILS ||
        DEMO_USERS.filter((user) => user.group === 'admin')
          .map((user) => user.email)
          .join(','),
      // A receiver on this machine may be plain http (https only in AWS).
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_BASE_MS: process.env.WEBHOOK_RETRY_BASE_MS || '2000',
    });
    const notifications = runNotificationsInProcess();
    servers.push({ endpoint: inbox.url, close: async () => notifications.stop() });
    log(`E-mail inbox at ${inbox.url} (SMTP ${inbox.smtpHost}:${inbox.smtpPort})`);
    // A day's completion marker in the bucket starts its run, as in AWS (files-trigger.ts).
    const markers = new LocalMarkerTrigger(log);
    s3.onObjectCreated((bucket, key) => {
      if (bucket === FILES_BUCKET) markers.objectCreated(key);
    });
    servers.push({ endpoint: s3.endpoint, close: async () => markers.stop() });

    const handlers = new Map<string, Promise<unknown>>();
    const api = createApiEmulator({
      issuer: `${LOCAL_ISSUER_DOMAIN}/${pool.ids.userPoolId}`,
      clientId: pool.ids.clientId,
      jwksUrl: `${cognito.endpoint}/${pool.ids.userPoolId}/.well-known/jwks.json`,
      async loadHandler(resource) {
        if (!handlers.has(resource)) {
          handlers.set(resource, import(`../../functions/${resource}/handler`));
        }
        const module = (await handlers.get(resource)) as { handler: never };
        return module.handler;
      },
    });

    let web: WebHandler = (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('The SPA is not served by this stack (web: none)');
    };
    const httpServer = createServer((req: IncomingMessage, res: ServerResponse) => {
      const path = req.url ?? '/';
      if (path === '/api' || path.startsWith('/api/') || path.startsWith('/api?')) {
        void api(req, res);
      } else {
        web(req, res);
      }
    });
    let closeWeb = async () => undefined as void;
    if (options.web === 'dist') web = staticSpa(resolve('dist/web'));
    if (options.web === 'dev') {
      const vite = await viteSpa(httpServer);
      web = vite.handler;
      closeWeb = vite.close;
    }
    await new Promise<void>((resolveListen, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.port, '127.0.0.1', () => resolveListen());
    });
    const port = (httpServer.address() as AddressInfo).port;
    // The e-mails' links lead to this app.
    process.env.APP_URL = process.env.APP_URL || `http://localhost:${port}`;

    // The membership system's stand-in (DESIGN §12) on its own port, with its own storage; the
    // handlers reach it through the same variables as in AWS (functions/lib/membership/config.ts).
    const membership = await startMembershipServer({
      port: options.membershipPort ?? (options.port === 3000 ? 3100 : 0),
      dataDir: join(dataDir, 'membership'),
      apiKey: process.env.MEMBERSHIP_API_KEY || randomBytes(24).toString('base64url'),
      appOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
      // The demo member is the demo data's first trader (trader@example.com), under that name.
      seed: demoMembers(options.demoPassword, drawTrader(DEMO_DATA.seed, 1)),
    });
    servers.push({ endpoint: membership.url, close: membership.close });
    Object.assign(process.env, {
      MEMBERSHIP_API_URL: membership.url,
      MEMBERSHIP_SITE_URL: membership.url,
      // The stand-in's session cookie, which the SPA's cookie tier looks for (spec 000 §4).
      MEMBERSHIP_SESSION_COOKIE,
    });
    log(`Membership stand-in at ${membership.url} (demo member trader / trader@example.com)`);
    servers.push({
      endpoint: `http://localhost:${port}`,
      close: async () => {
        await closeWeb();
        await new Promise<void>((done) => {
          httpServer.close(() => done());
          httpServer.closeAllConnections();
        });
      },
    });
    return {
      url: `http://localhost:${port}`,
      port,
      demoPassword: options.demoPassword,
      inbox: { url: inbox.url, smtpHost: inbox.smtpHost, smtpPort: inbox.smtpPort },
      s3: {
        endpoint: s3.endpoint,
        bucket: FILES_BUCKET,
        region: REGION,
        accessKeyId: S3RVER_KEY,
        secretAccessKey: S3RVER_KEY,
      },
      stop: async () => {
        await stopServers();
      },
    };
  } catch (error) {
    await stopServers();
    throw error;
  }
}
