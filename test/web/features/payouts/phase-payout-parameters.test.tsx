import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { evalProgram, phase, rulesResponse, skipWhatsNewModal } from '../programs/program-fixtures';

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const program = { ...evalProgram, phases: [phase('phase-1')] };

describe("the phase card's payout parameters", () => {
  it('shows them while Payout Eligible is on and saves them in phaseManagement.payout', async () => {
    const calls = mockApi({
      'GET /api/rules': () => jsonResponse(rulesResponse()),
      'GET /api/programs/EVAL50': () => jsonResponse(program),
      'GET /api/programs/EVAL50/versions': () => jsonResponse([program]),
      'GET /api/programs': () => jsonResponse([program]),
      'PUT /api/programs/EVAL50': (call) =>
        jsonResponse({ ...(call.body as object), outdatedAccounts: 0 }),
    });
    renderApp('/programs/EVAL50');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const card = await screen.findByRole('group', { name: 'Phase 1' });
    expect(within(card).queryByRole('group', { name: 'Payout parameters' })).toBeNull();

    // A plain click: the checkbox's blur handler needs PointerEvent, which jsdom lacks.
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Payout Eligible' }));
    const payout = await within(card).findByRole('group', { name: 'Payout parameters' });
    // Every spec label of the card stays.
    for (const label of ['Phase ID', 'Phase Name', 'Account Size', 'Max Accounts Per Trader']) {
      expect(within(card).getByLabelText(label)).toBeInTheDocument();
    }
    await user.type(within(payout).getByLabelText('Buffer'), '2000');
    await user.type(within(payout).getByLabelText('Minimum payout'), '500');
    await user.type(within(payout).getByLabelText('Maximum payout'), '400');
    await user.type(within(payout).getByLabelText('Profit split %'), '90');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findAllByText('Phase 1: Maximum payout must not be below Minimum payout'),
    ).not.toHaveLength(0);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(within(payout).getByLabelText('Maximum payout'));
    await user.type(within(payout).getByLabelText('Maximum payout'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const body = calls.find((call) => call.method === 'PUT')?.body as {
      phases: { phaseManagement: unknown }[];
    };
    expect(body.phases[0]?.phaseManagement).toMatchObject({
      payoutEligible: true,
      payout: { buffer: 2000, minAmount: 500, maxAmount: 5000, profitSplit: 90 },
    });
  });
});
