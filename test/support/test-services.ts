import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';

export interface TestServices {
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** An in-memory dynalite on a free port; nothing touches a developer's `.data/`. */
export async function startTestServices(): Promise<TestServices> {
  const dynamo = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', () => resolve()));
  const port = (dynamo.address() as AddressInfo).port;
  return {
    env: {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${port}`,
    },
    stop: () => new Promise<void>((resolve) => dynamo.close(() => resolve())),
  };
}
