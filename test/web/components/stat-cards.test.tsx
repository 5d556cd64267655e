import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';
import { StatCards } from '@/components/stat-cards/stat-cards';

function renderCards(props: Parameters<typeof StatCards>[0]) {
  return render(
    <AppProviders queryClient={new QueryClient()}>
      <StatCards {...props} />
    </AppProviders>,
  );
}

describe('stat cards', () => {
  it('shows each count under its label, … while a count is missing, named by valueLabel', () => {
    renderCards({
      label: 'Firm statistics',
      cards: [
        ['Total', 3],
        ['Active', undefined],
      ],
      failed: false,
      valueLabel: (label) => `${label} firms`,
    });
    expect(screen.getByLabelText('Firm statistics')).toBeVisible();
    expect(screen.getByLabelText('Total firms')).toHaveTextContent('3');
    expect(screen.getByLabelText('Active firms')).toHaveTextContent('…');
  });

  it('shows - for every count when they failed, named by the label alone by default', () => {
    renderCards({ label: 'Release statistics', cards: [['Total Releases', 4]], failed: true });
    expect(screen.getByLabelText('Total Releases')).toHaveTextContent('-');
  });
});
