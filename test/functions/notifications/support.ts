import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { putItem } from '../../../functions/lib/db/table';
import { traderRepository } from '../../../functions/lib/repositories/trader-repository';
import { traderSchema } from '@shared/traders/trader';

/** An e-mail as the local SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on a free port of this machine, keeping what it receives. */
export async function startSmtpServer(): Promise<{
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A request a webhook receiver got. */
export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on a free loopback port: it keeps every request and answers the next status of
 * `statuses` (200 once they run out).
 */
export async function startReceiver(): Promise<{
  url: string;
  requests: ReceivedHook[];
  statuses: number[];
  close(): Promise<void>;
}> {
  const requests: ReceivedHook[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    statuses,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The Standard Webhooks headers of a received request, as `Webhook.verify` takes them. */
export function signatureHeaders(request: ReceivedHook): Record<string, string> {
  return {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
}

/** Stores a trader with this id and e-mail address. */
export async function seedTrader(traderId: string, email: string): Promise<void> {
  await putItem(
    traderRepository.itemOf(
      traderSchema.parse({ traderId, firstName: 'Jane', lastName: 'Doe', email }),
    ),
  );
}
