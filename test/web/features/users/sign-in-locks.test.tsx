import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

const usersAnswer = { success: true, data: { users: [{ _total: 0 }], responseStatus: 200 } };
const traderLockId = 'T'.repeat(43);
const staffLockId = 'S'.repeat(43);
const locked = {
  locks: [
    {
      lockId: traderLockId,
      login: 'trader.tom',
      kind: 'trader',
      lockedUntil: Date.now() + 10 * 60_000,
      accountLocked: false,
      lockedSources: 2,
    },
    {
      lockId: staffLockId,
      login: 'boss@example.com',
      kind: 'staff',
      lockedUntil: Date.now() + 60_000,
      accountLocked: true,
      lockedSources: 0,
    },
  ],
  recentClears: [],
};
const afterClear = {
  locks: [locked.locks[1]],
  recentClears: [
    {
      lockId: traderLockId,
      login: 'trader.tom',
      clearedAt: new Date().toISOString(),
      clearedBy: 'admin@example.com',
    },
  ],
};

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

async function openLocks() {
  renderApp('/users');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Sign-in Locks' }));
  return { user, dialog: within(await screen.findByRole('dialog')) };
}

describe('sign-in locks on the users page', () => {
  it('lists the locked logins and unlocks one, then shows who unlocked it', async () => {
    let cleared = false;
    const calls = mockApi({
      'GET /api/amember/users': () => jsonResponse(usersAnswer),
      'GET /api/auth/locks': () => jsonResponse(cleared ? afterClear : locked),
      [`DELETE /api/auth/locks/${traderLockId}`]: () => {
        cleared = true;
        return jsonResponse({ success: true });
      },
    });
    const { user, dialog } = await openLocks();

    const table = await dialog.findByRole('list', { name: 'Locked sign-ins' });
    const row = (login: string) => within(within(table).getByText(login).closest('li')!);
    expect(row('trader.tom').getByText('Trader')).toBeVisible();
    expect(row('trader.tom').getByText('From 2 addresses')).toBeVisible();
    expect(row('boss@example.com').getByText('Staff')).toBeVisible();
    expect(
      row('boss@example.com').getByText('From every address (too many failures overall)'),
    ).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Unlock trader.tom' }));

    expect(
      await dialog.findByText(/trader\.tom unlocked by admin@example\.com/),
    ).toBeInTheDocument();
    expect(within(table).queryByText('trader.tom')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/auth/locks/${traderLockId}`,
    ]);
  });

  it('says when nothing is locked, and loads nothing until opened', async () => {
    const calls = mockApi({
      'GET /api/amember/users': () => jsonResponse(usersAnswer),
      'GET /api/auth/locks': () => jsonResponse({ locks: [], recentClears: [] }),
    });
    renderApp('/users');
    await screen.findByRole('button', { name: 'Sign-in Locks' });
    expect(calls.some((call) => call.url === '/api/auth/locks')).toBe(false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign-in Locks' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('No sign-in is locked right now.')).toBeVisible();
  });

  it("shows the server's refusal of an unlock", async () => {
    mockApi({
      'GET /api/amember/users': () => jsonResponse(usersAnswer),
      'GET /api/auth/locks': () => jsonResponse(locked),
      [`DELETE /api/auth/locks/${staffLockId}`]: () =>
        errorResponse(400, 'lockId must be a lock id from the lock list'),
    });
    const { user, dialog } = await openLocks();
    await user.click(await dialog.findByRole('button', { name: 'Unlock boss@example.com' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'lockId must be a lock id from the lock list',
    );
  });
});
