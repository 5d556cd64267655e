import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WHATS_NEW_STORAGE_KEYS } from '@shared/whats-new/release';
import { errorResponse, jsonResponse, mockApi, type RecordedCall } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { reloadPage } from '@/features/whats-new/reload-page';

// Screens load lazily; on a busy machine the first render of a file takes seconds.
configure({ asyncUtilTimeout: 10_000 });

jest.mock('@/features/whats-new/reload-page', () => ({ reloadPage: jest.fn() }));

const release = {
  version: '2.0.0',
  releaseDate: '20260301',
  title: 'Spring release',
  summary: 'Firms and release notes',
  items: [
    {
      id: 'i1',
      title: 'Firm management',
      description: 'Create, edit and delete firms',
      category: 'feature',
      date: '20260301',
      priority: 'high',
      tags: ['firms'],
    },
  ],
};

function view(overrides: Record<string, unknown> = {}) {
  return {
    data: {
      currentRelease: release,
      hasUnreadUpdates: true,
      userPreferences: { preferences: { autoShowModal: true } },
      ...overrides,
    },
  };
}

/**
 * The What's New calls among those recorded: a membership check a trader test left retrying may post
 * into the next test's record (the tests run in random order).
 */
const whatsNewCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/whats-new'));

/** The modal opens about a second after load: wait past that. */
const findModal = () => screen.findByRole('dialog');

async function expectNoModal() {
  await screen.findByText('Administration Panel');
  // Longer than the delay, so a modal that would open has opened.
  await new Promise((resolve) => setTimeout(resolve, 1300));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

beforeEach(() => {
  // The shared web setup marks the modal as shown; these tests start a fresh session.
  sessionStorage.clear();
  signInAs();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("What's New modal", () => {
  it('opens after the delay with the release, and Got it! records the version here and on the server', async () => {
    const calls = mockApi({
      'GET /api/whats-new': () => jsonResponse(view()),
      'POST /api/whats-new/mark-shown': () =>
        jsonResponse({ success: true, message: 'Marked version 2.0.0 as shown' }),
    });
    renderApp('/');

    const modal = await findModal();

    expect(within(modal).getByText("What's New: Spring release")).toBeVisible();
    expect(within(modal).getByText('v2.0.0')).toBeVisible();
    // The release's date and its item's date.
    expect(within(modal).getAllByText('03/01/2026')).toHaveLength(2);
    expect(within(modal).getByText('Firms and release notes')).toBeVisible();
    expect(within(modal).getByText('Firm management')).toBeVisible();
    expect(within(modal).getByText('high')).toBeVisible();
    expect(within(modal).getByText('firms')).toBeVisible();
    expect(sessionStorage.getItem(WHATS_NEW_STORAGE_KEYS.shownThisSession)).toBe('true');

    await userEvent.setup().click(within(modal).getByRole('button', { name: 'Got it!' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(WHATS_NEW_STORAGE_KEYS.lastSeenVersion)).toBe('2.0.0');
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/whats-new/mark-shown')).toHaveLength(1),
    );
    expect(whatsNewCalls(calls).find((call) => call.method === 'POST')?.body).toEqual({
      version: '2.0.0',
    });
  });

  it('records the version locally even when the mark-shown call fails', async () => {
    mockApi({
      'GET /api/whats-new': () => jsonResponse(view()),
      'POST /api/whats-new/mark-shown': () => errorResponse(500, 'down'),
    });
    renderApp('/');

    await userEvent
      .setup()
      .click(within(await findModal()).getByRole('button', { name: 'Got it!' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(WHATS_NEW_STORAGE_KEYS.lastSeenVersion)).toBe('2.0.0');
  });

  it('Maybe later closes without recording the version', async () => {
    const calls = mockApi({ 'GET /api/whats-new': () => jsonResponse(view()) });
    renderApp('/');

    await userEvent
      .setup()
      .click(within(await findModal()).getByRole('button', { name: 'Maybe later' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(WHATS_NEW_STORAGE_KEYS.lastSeenVersion)).toBeNull();
    expect(whatsNewCalls(calls).map((call) => call.method)).toEqual(['GET']);
  });

  it('does not open again in the same session', async () => {
    sessionStorage.setItem(WHATS_NEW_STORAGE_KEYS.shownThisSession, 'true');
    const calls = mockApi({ 'GET /api/whats-new': () => jsonResponse(view()) });
    renderApp('/');

    await expectNoModal();
    expect(whatsNewCalls(calls)).toEqual([]);
  });

  it('opens when the stored version differs even with nothing unread on the server', async () => {
    localStorage.setItem(WHATS_NEW_STORAGE_KEYS.lastSeenVersion, '1.9.0');
    mockApi({ 'GET /api/whats-new': () => jsonResponse(view({ hasUnreadUpdates: false })) });
    renderApp('/');

    expect(await findModal()).toBeVisible();
  });

  it('stays closed when the release was seen here and nothing is unread', async () => {
    localStorage.setItem(WHATS_NEW_STORAGE_KEYS.lastSeenVersion, '2.0.0');
    mockApi({ 'GET /api/whats-new': () => jsonResponse(view({ hasUnreadUpdates: false })) });
    renderApp('/');

    await expectNoModal();
  });

  it('stays closed when the user turned auto-show off', async () => {
    mockApi({
      'GET /api/whats-new': () =>
        jsonResponse(view({ userPreferences: { preferences: { autoShowModal: false } } })),
    });
    renderApp('/');

    await expectNoModal();
  });

  it('stays closed when no release is published', async () => {
    mockApi({
      'GET /api/whats-new': () =>
        jsonResponse(view({ currentRelease: null, hasUnreadUpdates: false })),
    });
    renderApp('/');

    await expectNoModal();
  });

  it('falls back to the built-in release 1.3.0 when the call fails', async () => {
    mockApi({ 'GET /api/whats-new': () => errorResponse(500, 'down') });
    renderApp('/');

    const modal = await findModal();

    expect(within(modal).getByText('v1.3.0')).toBeVisible();
  });

  it('the sidebar item forgets the stored version and the session flag, then reloads', async () => {
    localStorage.setItem(WHATS_NEW_STORAGE_KEYS.lastSeenVersion, '2.0.0');
    sessionStorage.setItem(WHATS_NEW_STORAGE_KEYS.shownThisSession, 'true');
    mockApi({});
    renderApp('/');

    await userEvent.setup().click(await screen.findByRole('button', { name: "What's New" }));

    expect(localStorage.getItem(WHATS_NEW_STORAGE_KEYS.lastSeenVersion)).toBeNull();
    expect(sessionStorage.getItem(WHATS_NEW_STORAGE_KEYS.shownThisSession)).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe("What's New for traders", () => {
  /** The modal lived only in the admin layout, so traders never asked for it. */
  it('opens in the trader area for a signed-in trader, and Got it! records it on the server', async () => {
    signInAs({
      user: {
        email: 'trader@example.com',
        name: 'Terry Trader',
        username: 'demotrader',
        token: 'id-token-1',
        role: 'trader',
        rooms: [],
        user_id: 'sub-trader-1',
        traderId: 'TR000001',
        memberId: '7',
      },
    });
    const calls = mockApi({
      'GET /api/whats-new': () => jsonResponse(view()),
      'POST /api/whats-new/mark-shown': () =>
        jsonResponse({ success: true, message: 'Marked version 2.0.0 as shown' }),
    });
    renderApp('/trader-interface');

    const modal = await findModal();

    expect(within(modal).getByText("What's New: Spring release")).toBeVisible();
    // Behind the open modal (hidden from the accessibility tree once the dialog has hidden the rest).
    expect(
      screen.getByRole('complementary', { name: 'Trader sidebar', hidden: true }),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(modal).getByRole('button', { name: 'Got it!' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/whats-new/mark-shown')).toHaveLength(1),
    );
  });
});
