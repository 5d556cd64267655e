import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredResponse, errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

const programs = [
  { prefix: 'EVAL50', name: 'Evaluation 50K', type: 'eval', status: 'active', version: 3 },
  {
    prefix: 'SIM100',
    name: 'Sim Funded 100K',
    type: 'sim-funded',
    status: 'suspended',
    version: 1,
  },
  { prefix: 'DEMO', name: 'Demo', type: 'demo', status: 'inactive', version: 2 },
];

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

describe('programs page', () => {
  it('shows a spinner while the programs load', async () => {
    const pending = deferredResponse();
    mockApi({ 'GET /api/programs': () => pending.promise });

    renderApp('/programs');

    expect(await screen.findByText('Loading trading programs...')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Trading Programs' })).toBeVisible();
    pending.resolve(jsonResponse([]));
    expect(await screen.findByText('No Trading Programs Found')).toBeVisible();
  });

  it('lists prefix, name, type, status and version of every program', async () => {
    mockApi({ 'GET /api/programs': () => jsonResponse(programs) });

    renderApp('/programs');

    const table = await screen.findByRole('table', { name: 'Trading programs' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Prefix', 'Name', 'Type', 'Status', 'Version']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['EVAL50', 'Evaluation 50K', 'Evaluation', 'active', '3'],
      ['SIM100', 'Sim Funded 100K', 'Sim Funded', 'suspended', '1'],
      ['DEMO', 'Demo', 'Demo', 'inactive', '2'],
    ]);
  });

  it('colours the status badge green for active, red for suspended and grey otherwise', async () => {
    mockApi({ 'GET /api/programs': () => jsonResponse(programs) });

    renderApp('/programs');

    expect(await screen.findByText('active')).toHaveAttribute('data-color-palette', 'green');
    expect(screen.getByText('suspended')).toHaveAttribute('data-color-palette', 'red');
    expect(screen.getByText('inactive')).toHaveAttribute('data-color-palette', 'gray');
  });

  it('shows the error with a Try Again button that fetches again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/programs': () => {
        attempts += 1;
        return attempts === 1 ? errorResponse(500, 'Table unavailable') : jsonResponse(programs);
      },
    });
    renderApp('/programs');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('API error: 500 Internal Server Error');
    expect(alert).toHaveTextContent('Table unavailable');

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('EVAL50')).toBeVisible();
    expect(attempts).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when there are no programs', async () => {
    mockApi({ 'GET /api/programs': () => jsonResponse([]) });

    renderApp('/programs');

    expect(await screen.findByText('No Trading Programs Found')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sends the user to sign in with the message when the API answers 401', async () => {
    mockApi({ 'GET /api/programs': () => errorResponse(401, 'Token expired') });

    const { router } = renderApp('/programs');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(await screen.findByText('Authentication failed - please log in again')).toBeVisible();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('programs page without a session', () => {
  it('still asks the API, and its 401 sends the visitor to sign in', async () => {
    localStorage.clear();
    mockApi({ 'GET /api/programs': () => errorResponse(401, 'Unauthorized') });

    const { router } = renderApp('/programs');

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
  });
});
