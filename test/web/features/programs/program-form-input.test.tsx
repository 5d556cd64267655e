import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { evalProgram, rulesResponse, skipWhatsNewModal } from './program-fixtures';

/** The program form hides no refusal and loses no input, Cancel included. */

const scrollIntoView = jest.fn();
beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const phaseCard = (number: number) => screen.getByRole('group', { name: `Phase ${number}` });

async function openCreate() {
  const calls = mockApi({
    'GET /api/rules': () => jsonResponse(rulesResponse()),
    'GET /api/programs': () => jsonResponse([]),
    'POST /api/programs': (call) => jsonResponse(call.body, 201),
  });
  const app = renderApp('/programs/create');
  await screen.findByRole('heading', { name: 'Create New Trading Program' });
  await waitFor(() => expect(calls.some((call) => call.url === '/api/rules')).toBe(true));
  return { ...app, calls, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Program Prefix'), 'eval-25k');
  await user.type(screen.getByLabelText('Program Name'), 'Evaluation 25K');
  await user.type(screen.getAllByLabelText('Description')[0]!, 'A small evaluation.');
  await user.type(screen.getByLabelText('Created By'), 'ops@deskline.test');
}

const posts = <Call extends { method: string }>(calls: Call[]) =>
  calls.filter((call) => call.method === 'POST');

describe('program form: every refusal reaches the Validation Error alert', () => {
  it('lists a missing program type and phase type, and scrolls the alert into view', async () => {
    const { calls, user } = await openCreate();
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText('Program Type'), '');
    await user.selectOptions(within(phaseCard(1)).getByLabelText('Phase Type'), '');

    await user.click(screen.getByRole('button', { name: 'Create Program' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Program type is required')).toBeVisible();
    expect(within(alert).getByText('Phase 1: Phase Type is required')).toBeVisible();
    expect(scrollIntoView).toHaveBeenCalled();
    expect(posts(calls)).toHaveLength(0);
  });

  it('lists only what the user can act on: an empty prefix, not the rule owners it fills', async () => {
    const { user } = await openCreate();

    await user.click(screen.getByRole('button', { name: 'Create Program' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Program prefix is required')).toBeVisible();
    expect(alert).not.toHaveTextContent('Rules configuration');
  });

  it('names the phase of a negative fee, in the alert and under the fee', async () => {
    const { calls, user } = await openCreate();
    await fillBasics(user);
    fireEvent.change(within(phaseCard(1)).getByLabelText('Purchase Fee'), {
      target: { value: '-5' },
    });

    await user.click(screen.getByRole('button', { name: 'Create Program' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Phase 1: Fee must be at least 0')).toBeVisible();
    expect(within(phaseCard(1)).getByText('Phase 1: Fee must be at least 0')).toBeVisible();
    expect(posts(calls)).toHaveLength(0);
  });
});

describe('program form: choices instead of free text', () => {
  it('offers the currency list for a phase', async () => {
    await openCreate();
    const currency = within(phaseCard(1)).getByLabelText('Currency');

    expect(currency.tagName).toBe('SELECT');
    expect(currency).toHaveValue('USD');
    expect(
      within(currency)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY']);
  });

  it('never proposes a phase id the program has already', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Add Phase' }));
    await user.click(screen.getByRole('button', { name: 'Add Phase' }));
    await user.click(within(phaseCard(2)).getByRole('button', { name: 'Remove Phase' }));

    await user.click(screen.getByRole('button', { name: 'Add Phase' }));

    const ids = [1, 2, 3].map(
      (number) => (within(phaseCard(number)).getByLabelText('Phase ID') as HTMLInputElement).value,
    );
    expect(new Set(ids).size).toBe(3);
  });
});

describe('program form: Cancel asks before losing changes', () => {
  it('leaves at once when nothing was typed', async () => {
    const { router, user } = await openCreate();

    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programs'));
  });

  it('asks first when the form holds changes, and stays on Keep Editing', async () => {
    const { router, user } = await openCreate();
    await user.type(screen.getByLabelText('Program Name'), 'Half done');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Discard changes?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Editing' }));
    expect(router.state.location.pathname).toBe('/programs/create');
    expect(screen.getByLabelText('Program Name')).toHaveValue('Half done');

    await user.click(screen.getByRole('link', { name: /Back to Programs/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/programs'));
  });
});

describe('copy program: the copy gets a name of its own', () => {
  it('suggests "<name> (copy)", sends the name given, and refuses an empty one', async () => {
    const calls = mockApi({
      'GET /api/programs': () => jsonResponse([evalProgram]),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
      'POST /api/programs/EVAL50/copy': (call) =>
        jsonResponse({
          ...evalProgram,
          prefix: 'EVAL50-COPY',
          name: (call.body as { newName: string }).newName,
          version: 1,
          outdatedAccounts: 0,
        }),
      'GET /api/programs/EVAL50-COPY': () =>
        jsonResponse({ ...evalProgram, prefix: 'EVAL50-COPY', version: 1 }),
    });
    const { router } = renderApp('/programs');
    await screen.findByRole('table');
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

    await user.click(screen.getByRole('button', { name: 'Copy EVAL50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy EVAL50' });
    const name = within(dialog).getByLabelText('New program name');
    expect(name).toHaveValue(`${evalProgram.name} (copy)`);

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Copy Program' }));
    expect(await within(dialog).findByText('New program name is required')).toBeVisible();
    expect(posts(calls)).toHaveLength(0);

    await user.type(name, 'Evaluation 50K, second edition');
    await user.click(within(dialog).getByRole('button', { name: 'Copy Program' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programs/EVAL50-COPY'));
    expect(posts(calls)[0]?.body).toEqual({
      newPrefix: 'EVAL50-COPY',
      newName: 'Evaluation 50K, second edition',
    });
  });
});
