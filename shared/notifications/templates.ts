import type { NotificationEvent, NotificationEventType } from './events';

/**
 * Every e-mail the product sends, in one place: per event type a subject and a heading; the body is
 * the event's own explanation (`text`, the verdict's sentences for account events) and a link to the
 * screen that shows it. Plain text and a simple HTML part carry the same words.
 */
interface Template {
  /** The subject; `{account}` becomes the event's account id (or "your account"). */
  subject: string;
  /** The first line of the body. */
  heading: string;
  /** The link's label. */
  action: string;
}

const TEMPLATES: Readonly<Record<NotificationEventType, Template>> = {
  'account.passed': {
    subject: 'Account {account} passed its evaluation',
    heading: 'Congratulations: the account passed.',
    action: 'View the account',
  },
  'account.breached': {
    subject: 'Account {account} breached a rule',
    heading: 'The account failed a rule.',
    action: 'View the account',
  },
  'account.limit_near': {
    subject: 'Account {account} is near a limit',
    heading: 'The account has used 80% or more of a limit.',
    action: 'View the account',
  },
  'account.inactivity_warning': {
    subject: 'Account {account} has been inactive',
    heading: 'The account has not traded for a while.',
    action: 'View the account',
  },
  'payout.requested': {
    subject: 'Payout requested for account {account}',
    heading: 'A payout was requested.',
    action: 'View the payout',
  },
  'payout.approved': {
    subject: 'Payout approved for account {account}',
    heading: 'The payout was approved.',
    action: 'View the payout',
  },
  'payout.rejected': {
    subject: 'Payout rejected for account {account}',
    heading: 'The payout was rejected.',
    action: 'View the payout',
  },
  'payout.paid': {
    subject: 'Payout paid for account {account}',
    heading: 'The payout was paid.',
    action: 'View the payout',
  },
  'sync.failed': {
    subject: 'The daily sync failed',
    heading: 'A sync run ended failed.',
    action: 'View the sync runs',
  },
  'breach.held': {
    subject: 'A breach of account {account} is held for review',
    heading: 'A breach was held: the input looked wrong, so the account was not failed yet.',
    action: 'Review the held breach',
  },
};

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Characters with a meaning in HTML, escaped so an event's text is shown, never interpreted. */
function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The absolute address of the event's screen: the app's origin and the event's path. */
export function absoluteLink(appUrl: string, link: string): string {
  return new URL(link, appUrl.endsWith('/') ? appUrl : `${appUrl}/`).toString();
}

/** The e-mail of an event: subject, plain text and HTML, with an absolute link to its screen. */
export function renderEmail(event: NotificationEvent, appUrl: string): RenderedEmail {
  const template = TEMPLATES[event.type];
  const subject = `Deskline: ${template.subject.replace('{account}', event.accountId ?? 'your account')}`;
  const url = absoluteLink(appUrl, event.link);
  const text = [template.heading, '', event.text, '', `${template.action}: ${url}`, ''].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5; color: #1a202c">',
    `<p><strong>${escapeHtml(template.heading)}</strong></p>`,
    `<p>${escapeHtml(event.text)}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(template.action)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
