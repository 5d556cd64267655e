import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

const users = {
  '0': {
    user_id: 11,
    login: 'pending.pat',
    email: 'pat@example.com',
    name_f: 'Pat',
    name_l: 'Pending',
    status: '0',
    is_approved: 0,
    rithmic_user_id: 'RU-11',
    has_rithmic_passwd: true,
    added: '2026-03-02 14:31:05',
    last_login: null,
  },
  '1': {
    user_id: '12',
    login: 'active.ann',
    email: 'ann@example.com',
    name_f: 'Ann',
    name_l: 'Active',
    status: 1,
    is_approved: 1,
    has_rithmic_passwd: false,
    added: '2026-03-03 09:00:00',
    last_login: '2026-04-01 10:00:00',
  },
  '2': { user_id: '13', login: 'expired.ed', email: 'ed@example.com', status: 2 },
  '3': { user_id: '14', login: 'odd.otto', email: 'otto@example.com', status: 7 },
  _total: 4,
};
const usersAnswer = { success: true, data: { users: [users], responseStatus: 200 } };

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

async function openUsers() {
  const app = renderApp('/users');
  await screen.findByRole('table', { name: 'Users' });
  return app;
}

describe('users page', () => {
  it('lists the members in ten columns with the status names', async () => {
    mockApi({ 'GET /api/amember/users': () => jsonResponse(usersAnswer) });
    await openUsers();

    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual([
      'ID',
      'Login',
      'Email',
      'Name',
      'Status',
      'Approved',
      'Rithmic User ID',
      'Rithmic Password',
      'Registration',
      'Last Login',
    ]);
    const row = (login: string) =>
      within(screen.getByRole('button', { name: login }).closest('tr')!);
    expect(row('pending.pat').getByText('Pending')).toBeVisible();
    expect(row('pending.pat').getByText('No')).toBeVisible();
    expect(row('pending.pat').getByText('Pat Pending')).toBeVisible();
    expect(row('pending.pat').getByText('RU-11')).toBeVisible();
    expect(row('active.ann').getByText('Active')).toBeVisible();
    expect(row('active.ann').getByText('Yes')).toBeVisible();
    expect(row('expired.ed').getByText('Expired')).toBeVisible();
    expect(row('expired.ed').getByText('Unknown')).toBeVisible();
    expect(row('odd.otto').getByText('Inactive')).toBeVisible();
  });

  it('masks the Rithmic password and reads it only when revealed or copied', async () => {
    const calls = mockApi({
      'GET /api/amember/users': () => jsonResponse(usersAnswer),
      'GET /api/amember/users/11/rithmic-password': () =>
        jsonResponse({ success: true, data: { user_id: '11', rithmic_passwd: 'r-secret-9' } }),
    });
    await openUsers();
    // userEvent puts its own clipboard on the navigator; the test watches what is written to it.
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    expect(screen.getByText('••••••••')).toBeVisible();
    expect(screen.queryByText('r-secret-9')).toBeNull();
    expect(calls.some((call) => call.url.includes('rithmic-password'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Copy Rithmic password of pending.pat' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('r-secret-9'));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(screen.queryByText('r-secret-9')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show Rithmic password of pending.pat' }));
    expect(await screen.findByText('r-secret-9')).toBeVisible();
  });

  it('opens the details with the raw JSON and Copy JSON from a login', async () => {
    mockApi({ 'GET /api/amember/users': () => jsonResponse(usersAnswer) });
    await openUsers();

    await userEvent.setup().click(screen.getByRole('button', { name: 'active.ann' }));

    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('User active.ann')).toBeVisible();
    expect(dialog.getByText('ann@example.com')).toBeVisible();
    expect(dialog.getByText('2026-04-01 10:00:00')).toBeVisible();
    expect(dialog.getByRole('region', { name: 'User active.ann content' })).toHaveTextContent(
      '"user_id"',
    );
    expect(dialog.getByRole('button', { name: 'Copy JSON' })).toBeVisible();
  });

  it('says Failed to load users with the HTTP status and offers Try Again', async () => {
    let answer = errorResponse(500, 'boom');
    mockApi({ 'GET /api/amember/users': () => answer });
    renderApp('/users');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load users');
    expect(alert).toHaveTextContent('HTTP error! status: 500');
    answer = jsonResponse(usersAnswer);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeVisible();
  });

  it('says No users data available when the answer holds none', async () => {
    mockApi({
      'GET /api/amember/users': () =>
        jsonResponse({ success: true, data: { users: [{ _total: 0 }] } }),
    });
    renderApp('/users');

    expect(await screen.findByText('No users data available')).toBeVisible();
  });

  it('requires login and email before creating a user', async () => {
    const calls = mockApi({ 'GET /api/amember/users': () => jsonResponse(usersAnswer) });
    await openUsers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create New User' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Login'), 'newbie');

    await user.click(dialog.getByRole('button', { name: 'Create User' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Login and email are required');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('lists every member when one record says is_approved: null (Approved "Unknown")', async () => {
    const withNull = {
      ...users,
      '4': {
        user_id: '15',
        login: 'null.nora',
        email: 'nora@example.com',
        status: 1,
        is_approved: null,
      },
      _total: 5,
    };
    mockApi({
      'GET /api/amember/users': () =>
        jsonResponse({ success: true, data: { users: [withNull], responseStatus: 200 } }),
    });
    await openUsers();

    const row = screen.getByRole('row', { name: /null\.nora/ });
    expect(row).toHaveTextContent('Unknown');
    expect(screen.getByRole('row', { name: /active\.ann/ })).toHaveTextContent('Yes');
  });

  it('creates a user with status Active by default and says so', async () => {
    const calls = mockApi({
      'GET /api/amember/users': () => jsonResponse(usersAnswer),
      'POST /api/amember/users': () =>
        jsonResponse(
          {
            success: true,
            data: {
              user: { user_id: '15', login: 'newbie', email: 'new@example.com', status: 1 },
              generatedPassword: 'Gen-Pass-1',
            },
          },
          201,
        ),
    });
    await openUsers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create New User' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Login'), 'newbie');
    await user.type(dialog.getByLabelText('Email'), 'new@example.com');
    await user.type(dialog.getByLabelText('First Name'), 'Nia');

    await user.click(dialog.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('User "newbie" created successfully!')).toBeVisible();
    // Decision 31: masked (8 bullets) until revealed.
    const shown = screen.getByLabelText('Generated password of newbie');
    expect(shown).toHaveTextContent('••••••••');
    expect(screen.queryByText('Gen-Pass-1')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the generated password of newbie' }));
    expect(shown).toHaveTextContent('Gen-Pass-1');
    // The generated password is the member's only way in: staff copy it to hand it over.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy the generated password of newbie' }));
    expect(writeText).toHaveBeenCalledWith('Gen-Pass-1');
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      login: 'newbie',
      email: 'new@example.com',
      name_f: 'Nia',
      name_l: '',
      status: 1,
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/amember/users')).toHaveLength(3),
    );
  });

  it("shows the server's reason when the user cannot be created", async () => {
    mockApi({
      'GET /api/amember/users': () => jsonResponse(usersAnswer),
      'POST /api/amember/users': () =>
        jsonResponse(
          { error: { code: 'CONFLICT', message: 'A user with login newbie already exists' } },
          409,
        ),
    });
    await openUsers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create New User' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Login'), 'newbie');
    await user.type(dialog.getByLabelText('Email'), 'new@example.com');

    await user.click(dialog.getByRole('button', { name: 'Create User' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'A user with login newbie already exists',
    );
  });
});
