import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { baseUrl, signIn } from './support/session';
import { expectAccessible, LOAD, useTheme } from './support/walk';

/** One request the receiver was sent: the raw body and the Standard Webhooks headers. */
interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A webhook receiver on the loopback address (allowed locally), answering every POST with 200. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/deskline-hook`, received };
}

/** Whether the receiver's copy verifies with the endpoint's secret (the library throws if not). */
function verifies(secret: string, { body, headers }: Received): boolean {
  try {
    new Webhook(secret).verify(body, {
      'webhook-id': String(headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(headers['webhook-signature'] ?? ''),
    });
    return true;
  } catch {
    return false;
  }
}

test('staff add a webhook endpoint, send it a signed test event and see it delivered', async ({
  page,
}, testInfo) => {
  const receiver = await startReceiver();
  try {
    await signIn(page);
    await useTheme(page, 'light');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Webhooks', exact: true })
      .click();
    await expect(page).toHaveURL(`${baseUrl()}/webhooks`);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible(LOAD);

    // Add the endpoint: the form asks for a URL and an event first.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Enter the URL to send events to')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('End-to-end receiver');
    const events = dialog.getByRole('group', { name: 'Events' });
    await events.getByText('Account passed', { exact: true }).click();
    await events.getByText('Payout paid', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Endpoint added')).toBeVisible();

    // Open its delivery log and read the secret from the reveal.
    const endpoints = page.getByRole('table', { name: 'Webhook endpoints' });
    await endpoints.getByRole('button', { name: receiver.url, exact: true }).click();
    const details = page.getByRole('region', { name: `Endpoint ${receiver.url}` });
    const secretText = details.getByLabel('Signing secret', { exact: true });
    await expect(secretText).toHaveText('••••••••');
    await details.getByRole('button', { name: 'Show signing secret' }).click();
    await expect(secretText).toHaveText(/^whsec_/);
    const secret = (await secretText.textContent())!.trim();
    await details.getByRole('button', { name: 'Hide signing secret' }).click();
    await expect(secretText).toHaveText('••••••••');

    // The test event: sent, signed, answered 200, and in the log as succeeded.
    await details.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(/^Test event sent: /)).toBeVisible(LOAD);
    const log = details.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    const row = log.getByRole('row').filter({ hasText: 'Succeeded' }).first();
    // The log reads itself again while the delivery is pending or retrying.
    await expect(row).toBeVisible(LOAD);
    await expect(row.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await expect.poll(() => receiver.received.length, LOAD).toBeGreaterThan(0);
    for (const delivery of receiver.received) {
      expect(verifies(secret, delivery), 'the signature verifies with the secret').toBe(true);
      expect(verifies(`whsec_${Buffer.from('not the secret').toString('base64')}`, delivery)).toBe(
        false,
      );
    }

    // The row opens to the payload that was sent.
    await row.getByRole('button', { name: 'Show details' }).click();
    const payload = details.getByLabel(/^Payload of delivery /);
    await expect(payload).toBeVisible();
    const sent = JSON.parse(receiver.received[0]!.body) as Record<string, unknown>;
    expect(JSON.parse((await payload.textContent()) ?? '')).toEqual(sent);

    await page.screenshot({ path: testInfo.outputPath('webhooks-light.png'), fullPage: true });
    await expectAccessible(page, 'Webhooks, light');
    await useTheme(page, 'dark');
    await page.screenshot({ path: testInfo.outputPath('webhooks-dark.png'), fullPage: true });
    await expectAccessible(page, 'Webhooks, dark');

    // At 390 px the table scrolls inside its frame and the actions stay reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(details.getByRole('button', { name: 'Send test event' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('webhooks-dark-390.png'), fullPage: true });
    await expectAccessible(page, 'Webhooks, dark, 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The event log screen opens too, filtered by type in the URL.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Notifications', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible(LOAD);
    await page.getByLabel('Type').selectOption('payout.paid');
    await expect(page).toHaveURL(`${baseUrl()}/notifications?type=payout.paid`);
    await expectAccessible(page, 'Notifications, dark');

    // Delete the endpoint again, after the confirmation.
    await page.goto(`${baseUrl()}/webhooks`);
    await page
      .getByRole('table', { name: 'Webhook endpoints' })
      .getByRole('button', { name: `Delete ${receiver.url}` })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete endpoint' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Endpoint deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: receiver.url, exact: true })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
