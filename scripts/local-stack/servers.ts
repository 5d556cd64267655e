import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import dynalite from 'dynalite';
import pino from 'pino';
import S3rver from 's3rver';
import { startCognitoGuard } from './cognito-guard';

/** A server of the local stack: where it listens and how to stop it. */
export interface RunningServer {
  endpoint: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

function endpointOf(server: Server): string {
  return `http://${HOST}:${(server.address() as AddressInfo).port}`;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

function listen(server: Server, port = 0): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
}

/** dynalite, the DynamoDB API: on disk under `directory`, or in memory without one. */
export async function startDynamo(directory?: string): Promise<RunningServer> {
  if (directory) mkdirSync(directory, { recursive: true });
  const server = dynalite({
    ...(directory && { path: directory }),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  // No time limits on a request: a busy machine (a test run, a large local sync) can keep dynalite from
  // reading a request for longer than Node's 60 s header limit, and a reset request fails its caller
  // where DynamoDB would have answered late.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await listen(server);
  return { endpoint: endpointOf(server), close: () => closeServer(server) };
}

/** s3rver with the object-created events it emits, as S3 sends them to EventBridge in AWS. */
export interface RunningS3 extends RunningServer {
  /** Calls `listener` with the bucket and key of every object created (put, post or copy). */
  onObjectCreated(listener: (bucket: string, key: string) => void): void;
}

interface S3rverEvent {
  Records?: {
    eventName?: string;
    s3?: { bucket?: { name?: string }; object?: { key?: string } };
  }[];
}

/** s3rver, the S3 API, keeping objects under `directory`. */
export async function startS3(directory: string, port = 0): Promise<RunningS3> {
  mkdirSync(directory, { recursive: true });
  const s3rver = new S3rver({ address: HOST, port, directory, silent: true });
  const address = await s3rver.run();
  return {
    endpoint: `http://${HOST}:${address.port}`,
    close: () => s3rver.close(),
    onObjectCreated(listener) {
      (s3rver as unknown as NodeJS.EventEmitter).on('event', (event: S3rverEvent) => {
        for (const record of event.Records ?? []) {
          const bucket = record.s3?.bucket?.name;
          const key = record.s3?.object?.key;
          if (record.eventName?.startsWith('ObjectCreated:') && bucket && key)
            listener(bucket, key);
        }
      });
    },
  };
}

/**
 * The issuer domain written into cognito-local's tokens. Fixed, not the server's random port, so a
 * browser's token stays valid across restarts of `npm start`.
 */
export const LOCAL_ISSUER_DOMAIN = 'http://cognito-local.deskline';

/**
 * cognito-local, the Cognito API. Composed here rather than through its `createDefaultServer`, which
 * always keeps its data in `./.cognito` of the working directory.
 */
export async function startCognito(directory: string): Promise<RunningServer> {
  // cognito-local still loads the AWS SDK v2, whose end-of-support notice means nothing here.
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  const [
    { loadConfig },
    { Router },
    { createServer: createCognitoServer },
    { DateClock, LambdaService, MessagesService, TriggersService },
    { CognitoServiceFactoryImpl },
    { CryptoService },
    { StormDBDataStoreFactory },
    { ConsoleMessageSender },
    { MessageDeliveryService },
    { otp },
    { JwtTokenGenerator },
    { UserPoolServiceFactoryImpl },
  ] = await Promise.all([
    import('cognito-local/lib/server/config'),
    import('cognito-local/lib/server/Router'),
    import('cognito-local/lib/server/server'),
    import('cognito-local/lib/services'),
    import('cognito-local/lib/services/cognitoService'),
    import('cognito-local/lib/services/crypto'),
    import('cognito-local/lib/services/dataStore/stormDb'),
    import('cognito-local/lib/services/messageDelivery/consoleMessageSender'),
    import('cognito-local/lib/services/messageDelivery/messageDelivery'),
    import('cognito-local/lib/services/otp'),
    import('cognito-local/lib/services/tokenGenerator'),
    import('cognito-local/lib/services/userPoolService'),
  ]);
  const dataDirectory = join(directory, 'db');
  mkdirSync(dataDirectory, { recursive: true });
  const logger = pino({ level: process.env.DEBUG ? 'debug' : 'silent' });
  const ctx = { logger };
  const config = await loadConfig(ctx, new StormDBDataStoreFactory(directory));
  config.TokenConfig.IssuerDomain = LOCAL_ISSUER_DOMAIN;
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    // No triggers are configured, so the Lambda client is never called.
    new LambdaService(config.TriggerFunctions, {} as never),
    new CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new ConsoleMessageSender())),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const app = createCognitoServer(
    Router(services),
    logger,
    { ...config.ServerConfig, port: 0, hostname: HOST },
    services,
  );
  const server = (await app.start()) as Server;
  // Everyone reaches cognito-local through the guard, which refuses the attribute writes the AWS app
  // client refuses (cognito-local ignores WriteAttributes).
  const guard = await startCognitoGuard(endpointOf(server), HOST);
  return {
    endpoint: guard.endpoint,
    close: async () => {
      await guard.close();
      await closeServer(server);
    },
  };
}
