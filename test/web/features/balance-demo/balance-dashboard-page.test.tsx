import { screen } from '@testing-library/react';
import { mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';

describe('balance dashboard', () => {
  it('shows the three demo balances as en-US dollars', async () => {
    const calls = mockApi({});

    renderApp('/dashboard/balance');

    const current = await screen.findByText('Current Balance');
    expect(current.parentElement).toHaveTextContent('Current Balance$5,250.75');
    expect(screen.getByText('Starting Balance').parentElement).toHaveTextContent('$4,800.50');
    expect(screen.getByText('Highest Balance').parentElement).toHaveTextContent('$6,125.99');
    expect(calls).toHaveLength(0);
  });
});
