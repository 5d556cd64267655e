import {
  createServer,
  request as forward,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The attributes a signed-in user may write about themself: what the AWS app client's
 * `writeAttributes` allows (infra/auth-stack.ts). Everything else, above all `custom:traderId`,
 * `custom:memberId` and `email`, only our server writes (Admin* calls).
 */
export const USER_WRITABLE_ATTRIBUTES: ReadonlySet<string> = new Set(['name']);

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** The attribute names a user's own write (with an access token) touches, by operation. */
function writtenAttributes(operation: string, body: Record<string, unknown>): string[] | undefined {
  if (operation === 'UpdateUserAttributes') {
    const attributes = Array.isArray(body.UserAttributes) ? body.UserAttributes : [];
    return attributes.map((attribute) => String((attribute as { Name?: unknown })?.Name ?? ''));
  }
  if (operation === 'DeleteUserAttributes') {
    const names = Array.isArray(body.UserAttributeNames) ? body.UserAttributeNames : [];
    return names.map(String);
  }
  return undefined;
}

function refuse(response: ServerResponse): void {
  // Cognito's own answer to a write the app client does not allow.
  const type = 'NotAuthorizedException';
  response.writeHead(400, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-errortype': `${type}:`,
  });
  response.end(
    JSON.stringify({
      __type: type,
      message: 'A client attempted to write unauthorized attribute',
    }),
  );
}

function readAll(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });
}

/**
 * A proxy in front of cognito-local that enforces what cognito-local ignores: the app client's write
 * attributes. A user's `UpdateUserAttributes` or `DeleteUserAttributes` naming any attribute
 * but {@link USER_WRITABLE_ATTRIBUTES} is refused as Cognito refuses it; every other call passes
 * through unchanged. Listens on `host`, on a free port.
 */
export async function startCognitoGuard(
  upstream: string,
  host = '127.0.0.1',
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const target = new URL(upstream);
  const server = createServer((incoming, response) => {
    void (async () => {
      const body = await readAll(incoming);
      const header = String(incoming.headers['x-amz-target'] ?? '');
      if (incoming.method === 'POST' && header.startsWith(TARGET_PREFIX)) {
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          // Not JSON: cognito-local answers that itself.
        }
        const written = writtenAttributes(header.slice(TARGET_PREFIX.length), parsed ?? {});
        if (written?.some((name) => !USER_WRITABLE_ATTRIBUTES.has(name))) {
          refuse(response);
          return;
        }
      }
      const outgoing = forward(
        {
          hostname: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: target.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      outgoing.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      outgoing.end(body);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  return {
    endpoint: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
