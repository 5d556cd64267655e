import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

/** The local e-mail inbox: an SMTP server the notifications send to and a web inbox to read them. */
export interface LocalInbox {
  /** The web inbox; its REST API lists the mails at `<url>/api/email`. */
  url: string;
  smtpHost: string;
  smtpPort: number;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

interface MailDevServers {
  smtp: { smtp: { server: { address(): AddressInfo | string | null } } };
  api: { boundAddress?: AddressInfo | string };
}

/**
 * MailDev (v3, ESM-only, so imported at run time): a real SMTP server keeping what it receives under
 * `directory`, with its web inbox and REST API. Port 0 picks a free one.
 */
export async function startInbox(options: {
  directory: string;
  smtpPort: number;
  webPort: number;
}): Promise<LocalInbox> {
  mkdirSync(options.directory, { recursive: true });
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp: options.smtpPort,
    web: options.webPort,
    ip: HOST,
    webIp: HOST,
    mailDirectory: options.directory,
    silent: true,
  });
  // MailDev announces its API on the console whatever `silent` says; the stack prints the inbox.
  const info = console.info;
  console.info = () => undefined;
  let servers: MailDevServers;
  try {
    servers = (await maildev.start()) as unknown as MailDevServers;
  } finally {
    console.info = info;
  }
  const portOf = (address: AddressInfo | string | null | undefined, fallback: number) =>
    address && typeof address === 'object' ? address.port : fallback;
  const smtpPort = portOf(servers.smtp.smtp.server.address(), options.smtpPort);
  const webPort = portOf(servers.api.boundAddress, options.webPort);
  return {
    url: `http://${HOST}:${webPort}`,
    smtpHost: HOST,
    smtpPort,
    close: () => maildev.stop(),
  };
}
