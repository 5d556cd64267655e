import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppProviders } from '@/app/providers';
import { NewsEventsInput } from '@/features/rules/components/parameter-lists';

function NewsHarness({ initial, seen }: { initial: unknown; seen: (value: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <NewsEventsInput
      value={value}
      onChange={(next) => {
        seen(next);
        setValue(next);
      }}
    />
  );
}

function renderNews(initial: unknown) {
  const seen: unknown[] = [];
  const queryClient = new QueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <NewsHarness initial={initial} seen={(value) => seen.push(value)} />
    </AppProviders>,
  );
  return { seen, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

describe('news events input', () => {
  it('adds an event at 08:30 Eastern, upper-cases and splits its instruments, and removes it', async () => {
    const { seen, user } = renderNews([]);
    const group = screen.getByRole('group', { name: 'News events' });
    await user.click(within(group).getByRole('button', { name: 'Add News Event' }));
    expect(within(group).getByLabelText('Time')).toHaveValue('08:30');
    expect(within(group).getByLabelText('Time zone')).toHaveValue('Eastern');

    await user.type(within(group).getByLabelText('Title'), 'CPI');
    await user.selectOptions(within(group).getByLabelText('Time zone'), 'UTC');
    await user.click(within(group).getByLabelText('Instruments'));
    await user.paste('es, nq');
    expect(seen.at(-1)).toEqual([
      { title: 'CPI', date: '', time: '08:30', timezone: 'UTC', instruments: ['ES', 'NQ'] },
    ]);

    await user.click(within(group).getByRole('button', { name: 'Remove news event 1' }));
    expect(seen.at(-1)).toEqual([]);
    expect(within(group).queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('takes instruments typed key by key, commas and spaces included', async () => {
    const { seen, user } = renderNews([{ title: 'CPI', instruments: [] }]);
    const instruments = screen.getByLabelText('Instruments');
    await user.type(instruments, 'es, nq,');
    expect(instruments).toHaveValue('ES, NQ,');
    expect(seen.at(-1)).toEqual([expect.objectContaining({ instruments: ['ES', 'NQ'] })]);
    await user.type(instruments, ' ym');
    expect(instruments).toHaveValue('ES, NQ, YM');
    expect(seen.at(-1)).toEqual([expect.objectContaining({ instruments: ['ES', 'NQ', 'YM'] })]);
  });

  it('fills the missing fields of a stored event', () => {
    renderNews([{ title: 'NFP' }]);
    expect(screen.getByLabelText('Title')).toHaveValue('NFP');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Eastern');
    expect(screen.getByLabelText('Instruments')).toHaveAttribute('placeholder', 'All');
  });
});
