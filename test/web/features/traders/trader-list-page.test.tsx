import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_DEBOUNCE_MS } from '@/lib/url-state';
import { deferredResponse, errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { traderListItem } from './trader-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

const whatsNew = { 'GET /api/whats-new': () => errorResponse(500, 'no') };

const traders = [
  traderListItem(),
  traderListItem({
    traderId: 'TR000002',
    firstName: 'Richard',
    lastName: 'Miller',
    email: 'richard@example.com',
    status: 'disabled',
  }),
  traderListItem({
    traderId: 'TR000003',
    firstName: 'Jennifer',
    lastName: 'Williams',
    email: 'jen@example.com',
    status: 'suspended',
  }),
];

describe('Trader list', () => {
  it('shows a card per trader with name, id, email, status colour and a dashboard link', async () => {
    mockApi({
      ...whatsNew,
      'GET /api/traders': () => jsonResponse({ data: traders, meta: { limit: 60 } }),
    });
    renderApp('/traders');

    expect(await screen.findByRole('heading', { name: 'Trader Dashboard' })).toBeVisible();
    expect(screen.getByText('Select a trader to view their detailed dashboard...')).toBeVisible();
    const robert = await screen.findByRole('article', { name: 'Robert Dubois' });
    expect(robert).toHaveTextContent('TR000001');
    expect(robert).toHaveTextContent('trader@example.com');
    expect(within(robert).getByText('Enabled')).toHaveAttribute('data-palette', 'green');
    expect(within(robert).getByRole('link', { name: 'View Dashboard' })).toHaveAttribute(
      'href',
      '/traders/trader-dashboard/TR000001',
    );
    const richard = screen.getByRole('article', { name: 'Richard Miller' });
    expect(within(richard).getByText('Disabled')).toHaveAttribute('data-palette', 'yellow');
    const jennifer = screen.getByRole('article', { name: 'Jennifer Williams' });
    // Spec 000 §2 'Trader list': green when enabled, otherwise yellow (a suspended trader too).
    expect(within(jennifer).getByText('Suspended')).toHaveAttribute('data-palette', 'yellow');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // The trader's record (spec 000 §2 'Trader summary page') is one click from the card.
    expect(within(robert).getByRole('link', { name: 'Trader Summary' })).toHaveAttribute(
      'href',
      '/traders/TR000001',
    );
  });

  it('shows loading, then Error Loading Traders with the message, and Try Again reloads', async () => {
    const first = deferredResponse();
    let calls = 0;
    mockApi({
      ...whatsNew,
      'GET /api/traders': () => {
        calls += 1;
        return calls === 1
          ? first.promise
          : jsonResponse({ data: [traders[0]], meta: { limit: 60 } });
      },
    });
    renderApp('/traders');
    expect(await screen.findByText('Loading traders...')).toBeVisible();
    await act(async () => first.resolve(errorResponse(500, 'Table unavailable')));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Traders');
    expect(alert).toHaveTextContent('Table unavailable');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Robert Dubois' })).toBeVisible();
  });

  it('says so when no trader matches the search', async () => {
    mockApi({
      ...whatsNew,
      'GET /api/traders?search=nobody': () => jsonResponse({ data: [], meta: { limit: 60 } }),
    });
    renderApp('/traders?q=nobody');
    expect(await screen.findByText('No traders found')).toBeVisible();
    expect(screen.getByText(/No trader matches "nobody"/)).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search traders' })).toHaveValue('nobody');
  });

  it('puts the search in the URL after typing stops and asks the API for it once', async () => {
    const calls = mockApi({
      ...whatsNew,
      'GET /api/traders': () => jsonResponse({ data: traders, meta: { limit: 60 } }),
      'GET /api/traders?search=miller': () =>
        jsonResponse({ data: [traders[1]], meta: { limit: 60 } }),
    });
    const { router } = renderApp('/traders');
    await screen.findByRole('article', { name: 'Robert Dubois' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search traders' }), 'miller');

    await waitFor(() => expect(router.state.location.search).toBe('?q=miller'), {
      timeout: SEARCH_DEBOUNCE_MS * 10,
    });
    // Richard Miller is on the first page too: wait for the searched page itself (him, not Dubois).
    await waitFor(() => {
      expect(screen.queryByRole('article', { name: 'Robert Dubois' })).not.toBeInTheDocument();
      expect(screen.getByRole('article', { name: 'Richard Miller' })).toBeVisible();
    });
    // One call for the first page, one for the whole word: no call per key.
    expect(calls.filter((call) => call.url.startsWith('/api/traders')).map((c) => c.url)).toEqual([
      '/api/traders',
      '/api/traders?search=miller',
    ]);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('loads the next page after the cursor with Load more', async () => {
    mockApi({
      ...whatsNew,
      'GET /api/traders': () =>
        jsonResponse({ data: [traders[0]], meta: { limit: 1, nextCursor: 'c1' } }),
      'GET /api/traders?cursor=c1': () => jsonResponse({ data: [traders[1]], meta: { limit: 1 } }),
    });
    renderApp('/traders');
    await screen.findByRole('article', { name: 'Robert Dubois' });
    expect(screen.getByText('1 trader shown; more match')).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Richard Miller' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Robert Dubois' })).toBeVisible();
    expect(screen.getByText('2 traders shown')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
