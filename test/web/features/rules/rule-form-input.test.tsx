import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { evalProgram, rulesResponse, skipWhatsNewModal } from '../programs/program-fixtures';

/**
 * The rule form refuses what it cannot keep with a message in the user's words,
 * and never does nothing when Create Rule is clicked.
 */

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function openCreateRule(template: string) {
  const calls = mockApi({
    'GET /api/rules': () => jsonResponse(rulesResponse()),
    'GET /api/programs/rules': () => jsonResponse({ programRules: {} }),
    'GET /api/programs': () => jsonResponse([evalProgram]),
    'POST /api/rules': (call) => jsonResponse(call.body, 201),
    'PUT /api/rules/drawdown-eod': (call) => jsonResponse(call.body),
  });
  renderApp('/rules/management');
  await screen.findByRole('table', { name: 'Rules' });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await user.click(screen.getByRole('button', { name: 'Create Rule' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Rule' });
  await user.click(
    within(within(dialog).getByRole('group', { name: 'Templates' })).getByRole('button', {
      name: template,
    }),
  );
  const create = () => user.click(within(dialog).getByRole('button', { name: 'Create Rule' }));
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { calls, user, dialog, create, posts };
}

describe('rule form: input it cannot keep is refused with a message', () => {
  it.each([
    ['2500.50', '2500.50'],
    ['-100', '-100'],
    ['2.5k', '2.5k'],
  ])(
    'Max Drawdown keeps "%s" as typed, says why it is refused and sends nothing',
    async (typed) => {
      const { user, dialog, create, posts } = await openCreateRule('Drawdown');
      const input = within(dialog).getByLabelText('Max Drawdown ($)');
      await user.clear(input);
      await user.type(input, typed);

      expect(input).toHaveValue(typed);
      expect(
        within(dialog).getByText(
          'Max Drawdown accepts digits and commas only (a whole number of dollars)',
        ),
      ).toBeVisible();
      await create();
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Max Drawdown accepts digits and commas only',
      );
      expect(posts()).toHaveLength(0);
    },
  );

  it('still takes digits and commas: "3,250" is 3250', async () => {
    const { user, dialog, create, posts } = await openCreateRule('Drawdown');
    const input = within(dialog).getByLabelText('Max Drawdown ($)');
    await user.clear(input);
    await user.type(input, '3,250');
    await create();

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toMatchObject({ testParameters: { maxDrawdown: 3250 } });
  });

  it('shows the error of an instrument with position factor 0.05 on its row and in an alert', async () => {
    const { dialog, create, posts } = await openCreateRule('Instruments');
    const factors = within(dialog).getAllByLabelText('Position factor');
    fireEvent.change(factors[0]!, { target: { value: '0.05' } });
    await create();

    const row = within(dialog).getByRole('group', { name: 'Instrument 1' });
    expect(
      await within(row).findByText('Instrument 1: Position factor is at least 0.1'),
    ).toBeVisible();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Instrument 1: Position factor is at least 0.1',
    );
    expect(posts()).toHaveLength(0);
  });

  it('shows the error of an incomplete news event', async () => {
    const { user, dialog, create, posts } = await openCreateRule('News Trading');
    await user.click(within(dialog).getByRole('button', { name: 'Add News Event' }));
    await create();

    const row = within(dialog).getByRole('group', { name: 'News event 1' });
    expect(await within(row).findByText('News event 1: Date is required')).toBeVisible();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('News event 1: Date is required');
    expect(posts()).toHaveLength(0);
  });

  it('says a percent over 100 in the percent’s own terms', async () => {
    const { user, dialog, create, posts } = await openCreateRule('Consistency');
    const input = within(dialog).getByLabelText('Min Consistency (%)');
    await user.clear(input);
    await user.type(input, '150');
    await create();

    expect(
      await within(dialog).findAllByText('Min Consistency must be between 0 and 100%'),
    ).not.toHaveLength(0);
    expect(within(dialog).queryByText(/Too big|minConsistency/)).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('names a missing parameter instead of "expected number, received undefined"', async () => {
    const { user, dialog, create, posts } = await openCreateRule('Drawdown');
    await user.clear(within(dialog).getByLabelText('Max Drawdown ($)'));
    await create();

    expect(await within(dialog).findAllByText('Max Drawdown is required')).not.toHaveLength(0);
    expect(within(dialog).queryByText(/Invalid input/)).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('refuses Min Days 31 (the spec allows 1–30)', async () => {
    const { user, dialog, create, posts } = await openCreateRule('Trading Days');
    const input = within(dialog).getByLabelText('Min Days');
    await user.clear(input);
    await user.type(input, '31');
    await create();

    expect(
      await within(dialog).findAllByText('Min Days must be a whole number from 1 to 30'),
    ).not.toHaveLength(0);
    expect(posts()).toHaveLength(0);
  });
});

describe('rule actions say they worked', () => {
  it('turning a rule off says so', async () => {
    const calls = mockApi({
      'GET /api/rules': () => jsonResponse(rulesResponse()),
      'GET /api/programs/rules': () => jsonResponse({ programRules: {} }),
      'PUT /api/rules/drawdown-eod': (call) => jsonResponse(call.body),
    });
    renderApp('/rules/management');
    await screen.findByRole('table', { name: 'Rules' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'EOD Trailing Drawdown enabled' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(await screen.findByText('Rule "EOD Trailing Drawdown" turned off')).toBeVisible();
  });
});
