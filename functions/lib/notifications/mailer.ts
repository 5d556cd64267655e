import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Transporter } from 'nodemailer';
import { sesClient } from './aws-clients';
import { notificationConfig } from './config';

export interface OutgoingEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Sends one e-mail; throws when the mail service refuses it or cannot be reached. */
export interface MailSender {
  send(email: OutgoingEmail): Promise<void>;
}

/** Amazon SES (v2 API), from the verified identity's address: how e-mails leave in AWS. */
export function sesMailSender(from: string): MailSender {
  return {
    async send(email) {
      await sesClient().send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: email.to },
          Content: {
            Simple: {
              Subject: { Data: email.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: email.text, Charset: 'UTF-8' },
                Html: { Data: email.html, Charset: 'UTF-8' },
              },
            },
          },
        }),
      );
    },
  };
}

const transports = new Map<string, Transporter>();

/** A plain SMTP server (locally the inbox that `npm start` runs): no TLS, no authentication. */
export function smtpMailSender(host: string, port: number, from: string): MailSender {
  const key = `${host}:${port}`;
  return {
    async send(email) {
      let transport = transports.get(key);
      if (!transport) {
        // Loaded here, not at the top: Lambda bundles leave nodemailer out (function-bundling.ts).
        const { createTransport } = await import('nodemailer');
        transport = createTransport({
          host,
          port,
          secure: false,
          ignoreTLS: true,
          connectionTimeout: 5_000,
          greetingTimeout: 5_000,
          socketTimeout: 10_000,
        });
        transports.set(key, transport);
      }
      await transport.sendMail({ from, ...email, to: email.to.join(', ') });
    },
  };
}

/** SMTP where `SMTP_HOST` is set (the local stack, tests), Amazon SES otherwise. */
export function mailSender(): MailSender {
  const smtp = notificationConfig.smtp();
  const from = notificationConfig.fromEmail();
  return smtp ? smtpMailSender(smtp.host, smtp.port, from) : sesMailSender(from);
}
