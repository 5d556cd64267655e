import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@/app/providers';
import { CollapsibleSection } from '@/components/section/collapsible-section';

function renderSection(count: number, open = true, onOpenChange = () => {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <CollapsibleSection title="Inactive" count={count} open={open} onOpenChange={onOpenChange}>
        <p>Body</p>
      </CollapsibleSection>
    </AppProviders>,
  );
}

describe('CollapsibleSection', () => {
  it('names its heading with the title and the row count, one row in the singular', () => {
    renderSection(1);
    expect(screen.getByRole('heading', { name: 'Inactive 1 row' })).toBeInTheDocument();
  });

  it('counts many rows in the plural with en-US grouping', () => {
    renderSection(1234);
    expect(screen.getByRole('heading', { name: 'Inactive 1,234 rows' })).toBeInTheDocument();
  });

  it('folds by its heading button', async () => {
    const onOpenChange = jest.fn();
    renderSection(0, false, onOpenChange);
    const trigger = screen.getByRole('button', { name: 'Inactive 0 rows' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(onOpenChange).toHaveBeenCalledWith(true);
  });
});
