import { act, screen, waitFor } from '@testing-library/react';
import { PREFETCHED_FRESH_MS } from '@/lib/query-client';
import {
  deferredResponse,
  errorResponse,
  jsonResponse,
  mockApi,
  type RecordedCall,
} from '../support/fetch-mock';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session-fixtures';
import { membershipConfig, signInAsTrader } from '../features/trader-area/trader-fixtures';
import { performanceRow } from '../features/accounts/account-fixtures';

// How many Latest Performance requests had started when the screen first rendered.
const mockRequestsAtMount: number[] = [];
const mockCalls: { current: RecordedCall[] } = { current: [] };

jest.mock('@/features/performance/components/latest-performance-page', () => {
  const actual = jest.requireActual('@/features/performance/components/latest-performance-page');
  return {
    LatestPerformancePage: () => {
      if (mockRequestsAtMount.length === 0) {
        mockRequestsAtMount.push(
          mockCalls.current.filter((call) => call.url.startsWith('/api/performance/today')).length,
        );
      }
      return <actual.LatestPerformancePage />;
    },
  };
});

const todayCalls = () =>
  mockCalls.current.filter((call) => call.url.startsWith('/api/performance/today'));

beforeEach(() => {
  mockRequestsAtMount.length = 0;
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('route loaders', () => {
  it("start the screen's request before the screen mounts, and the screen does not ask again", async () => {
    signInAs();
    const answer = deferredResponse();
    mockCalls.current = mockApi({
      'GET /api/performance/today': () => answer.promise,
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });

    renderApp('/performance/today');

    await waitFor(() => expect(mockRequestsAtMount).toEqual([1]));
    answer.resolve(
      jsonResponse({
        success: true,
        data: [performanceRow({ Account: 'EVAL50-1001' })],
        meta: { date: '20260303' },
      }),
    );
    expect(await screen.findByText('Latest data date: 03/03/2026')).toBeVisible();
    expect(todayCalls()).toHaveLength(1);
  });

  it('use what they fetched while it is younger than PREFETCHED_FRESH_MS, and ask again after', async () => {
    signInAs();
    mockCalls.current = mockApi({
      'GET /api/performance/today': () =>
        jsonResponse({
          success: true,
          data: [performanceRow({ Account: 'EVAL50-1001' })],
          meta: { date: '20260303' },
        }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
    const { router } = renderApp('/performance/today');
    expect(await screen.findByText('Latest data date: 03/03/2026')).toBeVisible();
    expect(todayCalls()).toHaveLength(1);

    const comeBack = async () => {
      await act(() => router.navigate('/dashboard/balance'));
      await act(() => router.navigate('/performance/today'));
      expect(await screen.findByText('Latest data date: 03/03/2026')).toBeVisible();
    };

    // Just inside the window: the loader and the screen both use what is cached.
    clock.mockReturnValue(start + PREFETCHED_FRESH_MS - 1);
    await comeBack();
    expect(todayCalls()).toHaveLength(1);

    // Past it: the loader asks once more, and the screen shares that request.
    clock.mockReturnValue(start + PREFETCHED_FRESH_MS + 1);
    await comeBack();
    await waitFor(() => expect(todayCalls()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(todayCalls()).toHaveLength(2);
  });

  it('ask nothing for a staff screen a trader opens: the staff layout sends them to their hub', async () => {
    signInAsTrader();
    mockCalls.current = mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'POST /api/amember/client-login': () => jsonResponse({ success: false }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });

    const { router } = renderApp('/performance/today');

    await waitFor(() => expect(router.state.location.pathname).toBe('/trader-accounts'));
    expect(todayCalls()).toHaveLength(0);
    expect(mockRequestsAtMount).toEqual([]);
  });
});
