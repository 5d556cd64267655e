import type { PayoutEligibility } from '@shared/payouts/payout';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TraderPayouts } from '@shared/payouts/payout';
import { errorResponse, jsonResponse, mockApi, type RecordedCall } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { loggedInAnswer, membershipConfig, signInAsTrader } from '../trader-area/trader-fixtures';
import {
  TRADER_ID,
  accountPayouts,
  eligibleFor,
  notEligible,
  payout,
  traderPayouts,
} from './payout-fixtures';

const LIST = `GET /api/traders/${TRADER_ID}/payouts`;
const REQUEST = 'POST /api/accounts/FUND50K-0001/payouts';

function traderApi(
  answer: () => TraderPayouts,
  more: Record<string, (call: RecordedCall) => Response> = {},
) {
  return mockApi({
    'GET /api/amember/config': () => jsonResponse(membershipConfig),
    'POST /api/amember/client-login': () => jsonResponse(loggedInAnswer),
    [LIST]: () => jsonResponse(answer()),
    ...more,
  });
}

async function openPage() {
  signInAsTrader(TRADER_ID);
  const app = renderApp('/traders/payouts');
  await screen.findByRole('heading', { name: 'Payouts', level: 1 });
  return { ...app, user: userEvent.setup() };
}

const card = (accountId: string) =>
  screen.findByRole('region', { name: `Payouts of account ${accountId}` });

afterEach(() => localStorage.clear());

describe("the trader's Payouts page", () => {
  it('says what an eligible account may request, with the split, and what a blocked one lacks', async () => {
    traderApi(() =>
      traderPayouts(accountPayouts(eligibleFor(1_250.5)), accountPayouts(notEligible())),
    );
    await openPage();

    const eligible = await card('FUND50K-0001');
    expect(eligible).toHaveTextContent('You may request up to $1,250.50 · you receive 90%');
    expect(within(eligible).getByLabelText('Amount (USD)')).toHaveValue(1250.5);
    expect(within(eligible).getByRole('button', { name: 'Request payout' })).toBeEnabled();

    const blocked = await card('FUND50K-0002');
    expect(blocked).toHaveTextContent('Not eligible for a payout yet: 2 requirements are missing.');
    const requirements = within(blocked).getByRole('list', { name: 'Payout requirements' });
    const items = within(requirements).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Met: The account is in a payout-eligible phase',
      'Missing: 2 more payout days (3 of 5)',
      'Missing: Best day is 45% of the profit (at most 30%)',
    ]);
    expect(within(blocked).getByRole('button', { name: 'Request payout' })).toBeDisabled();
    expect(within(blocked).getByLabelText('Amount (USD)')).toBeDisabled();
    expect(blocked).toHaveTextContent('No payouts requested yet.');
  });

  it('says an account of a phase that never pays out is not one to request from, without a form', async () => {
    const evaluation: PayoutEligibility = {
      ...notEligible('EVAL50K-0003'),
      requirements: [
        { id: 'phase', met: false, text: 'The 50K Evaluation phase does not pay out' },
        { id: 'buffer', met: true, text: 'Balance is $3,414.70 above the starting balance' },
      ],
    };
    traderApi(() => traderPayouts(accountPayouts(evaluation)));
    await openPage();

    const account = await card('EVAL50K-0003');
    expect(account).toHaveTextContent(
      'The 50K Evaluation phase does not pay out: no payouts from this account.',
    );
    expect(account).not.toHaveTextContent('3,414.70');
    expect(within(account).queryByRole('button', { name: 'Request payout' })).toBeNull();
  });

  it('refuses an amount above the most the account may take, without asking the server', async () => {
    const calls = traderApi(() => traderPayouts(accountPayouts(eligibleFor(1_000))));
    const { user } = await openPage();
    const form = await screen.findByRole('form', { name: 'Request payout from FUND50K-0001' });

    const amount = within(form).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '1000.01');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(
      await within(form).findByText(
        'amount must be at most $1,000.00, the most you may request now',
      ),
    ).toBeVisible();

    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(await within(form).findByText('amount must be above zero')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST' && call.url.includes('/payouts'))).toEqual(
      [],
    );
  });

  it("shows the server's refusal in the form, then requests and lists the payout", async () => {
    let stored = traderPayouts(accountPayouts(eligibleFor(1_000)));
    let answer = () =>
      errorResponse(400, 'The latest judged day (11/25/2026) leaves $400.00 to request');
    const calls = traderApi(() => stored, {
      [REQUEST]: () => answer(),
    });
    const { user } = await openPage();
    const form = await screen.findByRole('form', { name: 'Request payout from FUND50K-0001' });

    await user.click(within(form).getByRole('button', { name: 'Request payout' }));
    expect(
      await within(form).findByText('The latest judged day (11/25/2026) leaves $400.00 to request'),
    ).toBeVisible();

    answer = () => {
      const created = payout({ requestedAmount: 400 });
      stored = traderPayouts(accountPayouts(notEligible('FUND50K-0001'), [created]));
      return jsonResponse(created, 201);
    };
    const amount = within(form).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '400');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Rent');
    await user.click(within(form).getByRole('button', { name: 'Request payout' }));

    const list = await card('FUND50K-0001');
    expect(
      await within(list).findByRole('article', { name: 'Payout of $400.00, requested' }),
    ).toBeVisible();
    expect(
      calls
        .filter((call) => call.method === 'POST' && call.url.includes('/payouts'))
        .map((call) => call.body),
    ).toEqual([{ amount: 1000 }, { amount: 400, note: 'Rent' }]);
    // The list was read again after the request.
    expect(calls.filter((call) => `${call.method} ${call.url}` === LIST).length).toBeGreaterThan(1);
  });

  it('cancels a pending request after confirming, and shows it cancelled', async () => {
    let stored = traderPayouts(accountPayouts(eligibleFor(0), [payout()]));
    const calls = traderApi(() => stored, {
      'POST /api/accounts/FUND50K-0001/payouts/PO-1/cancel': () => {
        const cancelled = payout({
          status: 'cancelled',
          history: [
            ...payout().history,
            {
              status: 'cancelled',
              at: '2026-11-25T16:00:00.000Z',
              by: TRADER_ID,
              byRole: 'trader',
            },
          ],
          version: 2,
        });
        stored = traderPayouts(accountPayouts(eligibleFor(1_000), [cancelled]));
        return jsonResponse(cancelled);
      },
    });
    const { user } = await openPage();
    const list = await card('FUND50K-0001');
    const item = within(list).getByRole('article', { name: 'Payout of $1,000.00, requested' });
    expect(item).toHaveTextContent('“First payout”');
    expect(item).toHaveTextContent(`by trader ${TRADER_ID}`);

    await user.click(within(item).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the payout request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep request' }));
    expect(calls.filter((call) => call.method === 'POST' && call.url.includes('/payouts'))).toEqual(
      [],
    );

    await user.click(within(item).getByRole('button', { name: 'Cancel request' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel request',
      }),
    );
    expect(
      await within(list).findByRole('article', { name: 'Payout of $1,000.00, cancelled' }),
    ).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });
});
