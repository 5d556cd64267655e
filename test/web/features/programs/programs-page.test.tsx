import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredResponse, errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { evalProgram, programs, rulesResponse, skipWhatsNewModal } from './program-fixtures';

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function table() {
  return screen.findByRole('table', { name: 'Trading programs' });
}

function bodyRows(element: HTMLElement) {
  return within(element).getAllByRole('row').slice(1);
}

describe('programs page', () => {
  it('shows a spinner while the programs load', async () => {
    const pending = deferredResponse();
    mockApi({
      'GET /api/programs': () => pending.promise,
      'GET /api/rules': () => jsonResponse(rulesResponse()),
    });

    renderApp('/programs');

    expect(await screen.findByText('Loading trading programs...')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Trading Programs' })).toBeVisible();
    pending.resolve(jsonResponse([]));
    expect(await screen.findByText('No Trading Programs Found')).toBeVisible();
  });

  it('shows the 15 columns with fees, days, shares and trail type derived from the current phase', async () => {
    mockApi({
      'GET /api/programs': () => jsonResponse(programs),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
    });

    renderApp('/programs');

    const element = await table();
    const headers = within(element)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Prefix',
      'Name',
      'Type',
      'Status',
      'Account Size',
      'Profit Target',
      'Max Draw',
      'Trail Type',
      'Min Days',
      'Max Shares',
      'Registration Fee',
      'Monthly Price',
      'Reset Fee',
      'Version',
      'Actions',
    ]);
    await waitFor(() =>
      expect(cellsOf(bodyRows(element)[0]!).slice(0, 14)).toEqual([
        'EVAL50',
        'Evaluation 50K',
        'Evaluation',
        'active',
        '$50,000',
        '$3,000',
        // The phase's override (2500) wins over the definition's 2000.
        '$2,500',
        'trail',
        '5',
        '5',
        '$150',
        '$99',
        '$80',
        '3',
      ]),
    );
    expect(cellsOf(bodyRows(element)[1]!).slice(0, 14)).toEqual([
      'SIM100',
      'Sim Funded 100K',
      'Sim Funded',
      'suspended',
      '$100,000',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '1',
    ]);
  });

  it('pins the Actions column to the end edge, so row actions stay visible while the table scrolls (decision 40)', async () => {
    mockApi({
      'GET /api/programs': () => jsonResponse(programs),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
    });
    renderApp('/programs');
    const element = await table();

    const header = within(element).getByRole('columnheader', { name: 'Actions' });
    expect(header).toHaveAttribute('data-sticky', 'end');
    expect(header).toHaveStyle({ position: 'sticky' });
    for (const row of bodyRows(element)) {
      const actions = within(row).getAllByRole('cell').at(-1)!;
      expect(actions).toHaveAttribute('data-sticky', 'end');
      expect(actions).toHaveStyle({ position: 'sticky' });
      expect(
        within(actions).getAllByRole('button').length + within(actions).getAllByRole('link').length,
      ).toBe(3);
    }
    // The first column is pinned to the start edge, so a row stays named while it scrolls.
    expect(within(element).getByRole('columnheader', { name: /Prefix/ })).toHaveAttribute(
      'data-sticky',
      'start',
    );
  });

  it('colours the status badge green for active, red for suspended and grey otherwise', async () => {
    mockApi({
      'GET /api/programs': () => jsonResponse(programs),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
    });

    renderApp('/programs');

    expect(await screen.findByText('active')).toHaveAttribute('data-color-palette', 'green');
    expect(screen.getByText('suspended')).toHaveAttribute('data-color-palette', 'red');
    expect(screen.getByText('inactive')).toHaveAttribute('data-color-palette', 'gray');
  });

  it('sorts by a column, adds columns with Shift+click, and keeps the sort in the URL', async () => {
    mockApi({
      'GET /api/programs': () => jsonResponse(programs),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
    });
    const { router } = renderApp('/programs');
    const element = await table();
    const user = userEvent.setup();
    const prefixes = () => bodyRows(element).map((row) => cellsOf(row)[0]);

    await user.click(within(element).getByRole('button', { name: /^Status/ }));
    expect(prefixes()).toEqual(['EVAL50', 'DEMO', 'SIM100']);
    expect(router.state.location.search).toBe('?sort=status');

    await user.click(within(element).getByRole('button', { name: /^Status/ }));
    expect(prefixes()).toEqual(['SIM100', 'DEMO', 'EVAL50']);
    expect(router.state.location.search).toBe('?sort=-status');

    await user.keyboard('{Shift>}');
    await user.click(within(element).getByRole('button', { name: /^Version/ }));
    await user.keyboard('{/Shift}');
    expect(router.state.location.search).toBe('?sort=-status%2Cversion');
  });

  it('shows the sort a link carries', async () => {
    mockApi({
      'GET /api/programs': () => jsonResponse(programs),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
    });

    renderApp('/programs?sort=-version');

    const element = await table();
    expect(bodyRows(element).map((row) => cellsOf(row)[0])).toEqual(['EVAL50', 'DEMO', 'SIM100']);
    expect(within(element).getByRole('columnheader', { name: /Version/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('opens a program on double-click', async () => {
    mockApi({
      'GET /api/programs': () => jsonResponse(programs),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
      'GET /api/programs/SIM100': () => jsonResponse(programs[1]),
    });
    const { router } = renderApp('/programs');
    const element = await table();

    await userEvent.setup().dblClick(within(element).getByText('Sim Funded 100K'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programs/SIM100'));
  });

  it('copies a program under the suggested prefix and opens the copy', async () => {
    const calls = mockApi({
      'GET /api/programs': () =>
        jsonResponse([...programs, { ...evalProgram, prefix: 'EVAL50-COPY' }]),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
      'POST /api/programs/EVAL50/copy': () =>
        jsonResponse({ ...evalProgram, prefix: 'EVAL50-COPY2', version: 1, outdatedAccounts: 0 }),
      'GET /api/programs/EVAL50-COPY2': () =>
        jsonResponse({ ...evalProgram, prefix: 'EVAL50-COPY2', version: 1 }),
    });
    const { router } = renderApp('/programs');
    await table();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Copy EVAL50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy EVAL50' });
    const input = within(dialog).getByLabelText('New program prefix');
    expect(input).toHaveValue('EVAL50-COPY2');

    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Copy Program' }));
    expect(await within(dialog).findByText('New prefix is required')).toBeVisible();

    await user.type(input, 'eval50-copy2');
    await user.click(within(dialog).getByRole('button', { name: 'Copy Program' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programs/EVAL50-COPY2'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      newPrefix: 'EVAL50-COPY2',
      newName: `${evalProgram.name} (copy)`,
    });
  });

  it('says why a copy failed', async () => {
    mockApi({
      'GET /api/programs': () => jsonResponse(programs),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
      'POST /api/programs/EVAL50/copy': () =>
        jsonResponse({ error: { code: 'CONFLICT', message: 'Program EVAL50-COPY exists' } }, 409),
    });
    renderApp('/programs');
    await table();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Copy EVAL50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy EVAL50' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy Program' }));

    expect(
      await within(dialog).findByText('Failed to copy program: Program EVAL50-COPY exists'),
    ).toBeVisible();
  });

  it("marks the copy dialog's required fields, as every form of the app does", async () => {
    mockApi({
      'GET /api/programs': () => jsonResponse(programs),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
    });
    renderApp('/programs');
    await table();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy EVAL50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy EVAL50' });
    expect(within(dialog).getByLabelText('New program prefix')).toBeRequired();
    expect(within(dialog).getByLabelText('New program name')).toBeRequired();
  });

  it('deletes a program after the confirmation and reports a refusal with the server words', async () => {
    let deletes = 0;
    mockApi({
      'GET /api/programs': () => jsonResponse(programs),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
      'DELETE /api/programs/EVAL50': () => {
        deletes += 1;
        return jsonResponse(
          { error: { code: 'CONFLICT', message: '12 accounts use EVAL50' } },
          409,
        );
      },
    });
    renderApp('/programs');
    await table();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Delete EVAL50' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this program?')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete EVAL50' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Failed to delete program')).toBeVisible();
    expect(screen.getByText('12 accounts use EVAL50')).toBeVisible();
    expect(deletes).toBe(1);
  });

  it('shows Failed to fetch programs with a Try Again button that fetches again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/programs': () => {
        attempts += 1;
        return attempts === 1 ? errorResponse(500, 'Table unavailable') : jsonResponse(programs);
      },
      'GET /api/rules': () => jsonResponse(rulesResponse()),
    });
    renderApp('/programs');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch programs');
    expect(alert).toHaveTextContent('Table unavailable');

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('EVAL50')).toBeVisible();
    expect(attempts).toBe(2);
  });

  it('says so when there are no programs and offers to create one', async () => {
    mockApi({
      'GET /api/programs': () => jsonResponse([]),
      'GET /api/rules': () => jsonResponse(rulesResponse()),
    });

    renderApp('/programs');

    expect(await screen.findByText('No Trading Programs Found')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create New Program' })[0]).toHaveAttribute(
      'href',
      '/programs/create',
    );
  });

  it('sends the user to sign in with the message when the API answers 401', async () => {
    mockApi({
      'GET /api/programs': () => errorResponse(401, 'Token expired'),
      'GET /api/rules': () => errorResponse(401, 'Token expired'),
    });

    const { router } = renderApp('/programs');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
  });
});
