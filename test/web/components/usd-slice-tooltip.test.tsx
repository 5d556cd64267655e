import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';
import { UsdSliceTooltip } from '@/components/charts/account-balances-chart';

describe('usd slice tooltip', () => {
  it('shows the day, then each series with its value in USD', () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <UsdSliceTooltip
          title="03/02/2026"
          points={[
            { id: 'Gross.0', seriesId: 'Gross', seriesColor: '#3b82f6', data: { y: 1234.5 } },
            { id: 'Fees.0', seriesId: 'Fees', seriesColor: '#f97316', data: { y: -20 } },
          ]}
        />
      </AppProviders>,
    );
    expect(screen.getByText('03/02/2026')).toBeVisible();
    expect(screen.getByText('Gross: $1,234.50')).toBeVisible();
    expect(screen.getByText(/^Fees: /)).toHaveTextContent(/20\.00/);
  });
});
