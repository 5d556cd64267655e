import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_EVENT_TYPES } from '@shared/notifications/events';
import type { WebhookDelivery } from '@shared/notifications/webhooks';
import { DELIVERY_POLL_INTERVAL_MS } from '@/api/notifications';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { SECRET, deliveryFixture, endpointFixture } from './notification-fixtures';

const LIST = 'GET /api/webhooks';
const DELIVERIES = 'GET /api/webhooks/wh_1/deliveries';

beforeEach(() => signInAs());
afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
});

function validationError(field: string, message: string) {
  return jsonResponse(
    {
      error: {
        code: 'VALIDATION_ERROR',
        message: `Invalid request: ${message}`,
        details: [{ field, message }],
      },
    },
    400,
  );
}

async function openWebhooks(deliveries: WebhookDelivery[] = [deliveryFixture()]) {
  const calls = mockApi({
    [LIST]: () => jsonResponse({ endpoints: [endpointFixture()] }),
    [DELIVERIES]: () => jsonResponse({ deliveries }),
  });
  const app = renderApp('/webhooks');
  await screen.findByRole('table', { name: 'Webhook endpoints' });
  return { ...app, calls };
}

describe('webhooks page', () => {
  it('lists the endpoints with URL, description, events, enabled and created', async () => {
    await openWebhooks();

    const table = screen.getByRole('table', { name: 'Webhook endpoints' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(['URL', 'Description', 'Events', 'Enabled', 'Created', 'Actions']);
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByText('Back office CRM')).toBeVisible();
    expect(row.getByText('Account passed, Payout paid')).toBeVisible();
    expect(row.getByText('Enabled')).toBeVisible();
    expect(row.getByText('11/20/2026, 9:30 AM CST')).toBeVisible();
  });

  it('masks the signing secret until revealed, and copies it', async () => {
    await openWebhooks();
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');

    const secret = await screen.findByLabelText('Signing secret');
    expect(secret).toHaveTextContent('••••••••');
    expect(screen.queryByText(SECRET)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy signing secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(screen.queryByText(SECRET)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show signing secret' }));
    expect(secret).toHaveTextContent(SECRET);
  });

  it('shows the delivery log with a status word, and a row opens to the formatted payload', async () => {
    await openWebhooks([
      deliveryFixture(),
      deliveryFixture({
        deliveryId: 'dl_2',
        eventType: 'account.breached',
        status: 'failed',
        attempts: 6,
        lastResponseCode: 500,
        lastError: 'HTTP 500',
      }),
    ]);

    const log = await screen.findByRole('table', {
      name: 'Deliveries to https://crm.example.com/hooks/deskline',
    });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Payout paid')).toBeVisible();
    expect(within(rows[0]!).getByText('Succeeded')).toBeVisible();
    expect(within(rows[0]!).getByText('200')).toBeVisible();
    expect(within(rows[1]!).getByText('Failed')).toBeVisible();
    expect(within(rows[1]!).getByText('6')).toBeVisible();
    expect(within(rows[1]!).getByText('500')).toBeVisible();

    await userEvent.setup().click(within(rows[0]!).getByRole('button', { name: 'Show details' }));
    const payload = await screen.findByLabelText('Payload of delivery dl_1');
    expect(payload.textContent).toBe(
      JSON.stringify({ type: 'payout.paid', data: { payoutId: 'PO-1', amount: 1250 } }, null, 2),
    );
  });

  it('reads an older page of the delivery log after the cursor, on Load more', async () => {
    const calls = mockApi({
      [LIST]: () => jsonResponse({ endpoints: [endpointFixture()] }),
      [DELIVERIES]: () => jsonResponse({ deliveries: [deliveryFixture()], nextCursor: 'older' }),
      [`${DELIVERIES}?cursor=older`]: () =>
        jsonResponse({
          deliveries: [deliveryFixture({ deliveryId: 'dl_0', eventType: 'account.passed' })],
        }),
    });
    renderApp('/webhooks');
    const log = await screen.findByRole('table', { name: /^Deliveries to/ });
    expect(within(log).getAllByRole('row')).toHaveLength(2);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(3));
    expect(within(log).getByText('Account passed')).toBeVisible();
    expect(calls.map((call) => call.url)).toContain('/api/webhooks/wh_1/deliveries?cursor=older');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends a test event, says how it went and reads the log again', async () => {
    let deliveries = [deliveryFixture()];
    const sent = deliveryFixture({ deliveryId: 'dl_test', eventType: 'account.passed' });
    const calls = mockApi({
      [LIST]: () => jsonResponse({ endpoints: [endpointFixture()] }),
      [DELIVERIES]: () => jsonResponse({ deliveries }),
      'POST /api/webhooks/wh_1/test': () => {
        deliveries = [sent, ...deliveries];
        return jsonResponse(sent, 202);
      },
    });
    renderApp('/webhooks');
    const log = await screen.findByRole('table', { name: /^Deliveries to/ });
    expect(within(log).getAllByRole('row')).toHaveLength(2);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Send test event' }));

    expect(await screen.findByText('Test event sent: Succeeded')).toBeVisible();
    expect(screen.getByText('The endpoint answered 200.')).toBeVisible();
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(3));
    expect(within(log).getByText('Account passed')).toBeVisible();
    expect(calls.filter((call) => call.url === '/api/webhooks/wh_1/test')).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/webhooks/wh_1/deliveries')).toHaveLength(2);
  });

  it('reads the log again while a delivery is pending, and stops once all have settled', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let deliveries = [deliveryFixture({ status: 'retrying', lastResponseCode: 500, attempts: 2 })];
    const calls = mockApi({
      [LIST]: () => jsonResponse({ endpoints: [endpointFixture()] }),
      [DELIVERIES]: () => jsonResponse({ deliveries }),
    });
    renderApp('/webhooks');
    expect(await screen.findByText('Retrying')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('1 delivery on the way');
    const reads = () => calls.filter((call) => call.url.endsWith('/deliveries')).length;
    expect(reads()).toBe(1);

    deliveries = [deliveryFixture({ attempts: 3 })];
    await act(() => jest.advanceTimersByTimeAsync(DELIVERY_POLL_INTERVAL_MS));
    expect(await screen.findByText('Succeeded')).toBeVisible();
    expect(reads()).toBe(2);

    await act(() => jest.advanceTimersByTimeAsync(DELIVERY_POLL_INTERVAL_MS * 3));
    expect(reads()).toBe(2);
  });

  describe('endpoint form', () => {
    it('asks for a URL and at least one event before posting', async () => {
      const { calls } = await openWebhooks();
      const user = userEvent.setup();

      await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Add endpoint' }));
      const events = dialog.getByRole('group', { name: 'Events' });
      expect(within(events).getAllByRole('checkbox')).toHaveLength(NOTIFICATION_EVENT_TYPES.length);
      expect(within(events).getByLabelText('Payout paid')).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Add endpoint' }));

      expect(await dialog.findByText('Enter the URL to send events to')).toBeVisible();
      expect(dialog.getByText('Choose at least one event')).toBeVisible();
      expect(dialog.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
      expect(calls.some((call) => call.method === 'POST')).toBe(false);
    });

    it('posts the URL, description, events and enabled flag', async () => {
      const calls = mockApi({
        [LIST]: () => jsonResponse({ endpoints: [] }),
        'POST /api/webhooks': () => jsonResponse({ endpoint: endpointFixture() }, 201),
      });
      renderApp('/webhooks');
      const user = userEvent.setup();
      expect(await screen.findByText('No webhook endpoints yet')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Add endpoint' }));
      await user.type(dialog.getByLabelText('URL'), 'http://127.0.0.1:4599/hook');
      await user.type(dialog.getByLabelText('Description'), 'Local receiver');
      // Plain clicks: the checkbox's blur handler needs PointerEvent, which jsdom lacks.
      fireEvent.click(dialog.getByLabelText('Payout paid'));
      fireEvent.click(dialog.getByLabelText('Account passed'));
      await user.click(dialog.getByRole('button', { name: 'Add endpoint' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        url: 'http://127.0.0.1:4599/hook',
        description: 'Local receiver',
        // In the contract's order, whatever the order of the clicks.
        events: ['account.passed', 'payout.paid'],
        enabled: true,
      });
      expect(calls.filter((call) => call.url === '/api/webhooks')).toHaveLength(3);
    });

    it("puts the server's refusal on the URL field", async () => {
      mockApi({
        [LIST]: () => jsonResponse({ endpoints: [endpointFixture()] }),
        [DELIVERIES]: () => jsonResponse({ deliveries: [] }),
        'PUT /api/webhooks/wh_1': () =>
          validationError('url', 'url must be https (a loopback http URL only locally)'),
      });
      renderApp('/webhooks');
      const user = userEvent.setup();
      await screen.findByRole('table', { name: 'Webhook endpoints' });

      await user.click(
        screen.getByRole('button', { name: 'Edit https://crm.example.com/hooks/deskline' }),
      );
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit endpoint' }));
      expect(dialog.getByLabelText('URL')).toHaveValue('https://crm.example.com/hooks/deskline');
      expect(dialog.getByLabelText('Payout paid')).toBeChecked();
      await user.clear(dialog.getByLabelText('URL'));
      await user.type(dialog.getByLabelText('URL'), 'http://crm.example.com/hooks');
      await user.click(dialog.getByRole('button', { name: 'Save endpoint' }));

      const field = dialog.getByLabelText('URL');
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      expect(
        dialog.getAllByText(/url must be https \(a loopback http URL only locally\)/).length,
      ).toBeGreaterThan(0);
      expect(screen.getByRole('dialog', { name: 'Edit endpoint' })).toBeVisible();
    });
  });

  it('deletes an endpoint after the confirmation', async () => {
    let endpoints = [endpointFixture()];
    const calls = mockApi({
      [LIST]: () => jsonResponse({ endpoints }),
      [DELIVERIES]: () => jsonResponse({ deliveries: [] }),
      'DELETE /api/webhooks/wh_1': () => {
        endpoints = [];
        return jsonResponse({ deleted: true });
      },
    });
    renderApp('/webhooks');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Webhook endpoints' });

    await user.click(
      screen.getByRole('button', { name: 'Delete https://crm.example.com/hooks/deskline' }),
    );
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete endpoint' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No webhook endpoints yet')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
