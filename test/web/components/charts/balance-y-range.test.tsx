import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { balanceYRange } from '@/components/charts/chart-theme';
import { FromZeroSwitch } from '@/components/charts/from-zero-switch';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';

describe('balance chart y axis (decision 41)', () => {
  it('fits the lines and reference values with 5% room, so a ±$1,000 move on $100,000 shows', () => {
    // Balances 99,000–101,000, floor 97,500, target 106,000.
    expect(balanceYRange([99_000, 101_000, 97_500, 106_000], false)).toEqual({
      min: 97_500 - 425,
      max: 106_000 + 425,
    });
  });

  it('starts at zero on request, and with nothing to fit', () => {
    expect(balanceYRange([99_000, 101_000], true)).toEqual({ min: 0, max: 'auto' });
    expect(balanceYRange([], false)).toEqual({ min: 0, max: 'auto' });
  });

  it('gives a flat line a band around it and never goes below zero', () => {
    expect(balanceYRange([50_000, 50_000], false)).toEqual({ min: 49_500, max: 50_500 });
    expect(balanceYRange([10, 20], false).min).toBeGreaterThanOrEqual(0);
  });

  it('offers "From zero" as a switch', async () => {
    function Harness() {
      const [checked, setChecked] = useState(false);
      return (
        <>
          <FromZeroSwitch checked={checked} onChange={setChecked} />
          <output>{checked ? 'zero' : 'fitted'}</output>
        </>
      );
    }
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Harness />
      </AppProviders>,
    );
    const toggle = screen.getByLabelText('Y axis from zero');
    expect(screen.getByRole('status')).toHaveTextContent('fitted');
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('status')).toHaveTextContent('zero');
  });
});
