import '../../support/router-polyfills';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { AccountPayoutsSection } from '@/components/payouts/account-payouts-section';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { accountPayouts, eligibleFor, notEligible, payout } from './payout-fixtures';

function renderSection(audience: 'trader' | 'staff', accountId = 'FUND50K-0001') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <AccountPayoutsSection accountId={accountId} audience={audience} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const paid = payout({
  status: 'paid',
  approvedAmount: 800,
  payment: { method: 'wire', reference: 'W-778', date: '20261126' },
  history: [
    ...payout().history,
    {
      status: 'approved',
      at: '2026-11-26T14:00:00.000Z',
      by: 'ops@deskline.test',
      byRole: 'staff',
      amount: 800,
      note: 'Buffer kept',
    },
    { status: 'paid', at: '2026-11-26T18:00:00.000Z', by: 'ops@deskline.test', byRole: 'staff' },
  ],
  version: 3,
});

describe("the account's Payouts section", () => {
  it('tells staff what the account may take and shows each payout with who, when and why', async () => {
    mockApi({
      'GET /api/accounts/FUND50K-0001/payouts': () =>
        jsonResponse(accountPayouts(eligibleFor(2_500), [paid])),
    });
    renderSection('staff');

    const section = await screen.findByRole('region', { name: 'Payouts' });
    expect(await within(section).findByText(/May request up to/)).toHaveTextContent(
      'May request up to $2,500.00 · the trader receives 90%',
    );
    const item = within(section).getByRole('article', { name: 'Payout of $800.00, paid' });
    expect(item).toHaveTextContent('Wire transfer');
    expect(item).toHaveTextContent('W-778');
    expect(item).toHaveTextContent('11/26/2026');
    // Staff decide on the Payouts screen, not here.
    expect(within(section).queryByRole('link', { name: 'Request a payout' })).toBeNull();
    const history = within(item)
      .getAllByRole('listitem')
      .map((entry) => entry.textContent);
    expect(history).toEqual([
      expect.stringContaining('by trader TR000001'),
      expect.stringMatching(
        /Approved\$800\.00by ops@deskline\.test · 11\/26\/2026, 8:00 AM CST.*Buffer kept/,
      ),
      expect.stringContaining('Paidby ops@deskline.test'),
    ]);
  });

  it('links the trader to their Payouts page when the account may request', async () => {
    mockApi({
      'GET /api/accounts/FUND50K-0001/payouts': () =>
        jsonResponse(accountPayouts(eligibleFor(2_500), [])),
    });
    renderSection('trader');
    const section = await screen.findByRole('region', { name: 'Payouts' });
    expect(await within(section).findByRole('link', { name: 'Request a payout' })).toHaveAttribute(
      'href',
      '/traders/payouts',
    );
    expect(section).toHaveTextContent('You may request up to $2,500.00 · you receive 90%');
  });

  it('lists what a blocked account lacks', async () => {
    mockApi({
      'GET /api/accounts/FUND50K-0002/payouts': () => jsonResponse(accountPayouts(notEligible())),
    });
    renderSection('trader', 'FUND50K-0002');
    const section = await screen.findByRole('region', { name: 'Payouts' });
    const requirements = await within(section).findByRole('list', {
      name: 'Payout requirements',
    });
    expect(within(requirements).getAllByRole('listitem')[1]).toHaveTextContent(
      'Missing: 2 more payout days (3 of 5)',
    );
    expect(section).toHaveTextContent('No payouts requested yet.');
  });

  it('says when the payouts cannot be read', async () => {
    mockApi({
      'GET /api/accounts/FUND50K-0001/payouts': () => errorResponse(403, 'Not your account'),
    });
    renderSection('trader');
    expect(await screen.findByText('Failed to load the payouts: Not your account')).toBeVisible();
  });
});
