import '../support/router-polyfills';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { useUrlPage, useUrlSorting } from '@/lib/url-state';

/**
 * A grouped table's sort and its group's pager, changed one right after the other before any
 * render (as a click on Next can land while the sort's navigation is still rendering).
 */
function SortThenPage() {
  const [, setSorting] = useUrlSorting('sort', ['balance']);
  const { setPage } = useUrlPage('held');
  return (
    <button
      onClick={() => {
        setSorting([{ id: 'balance', desc: true }]);
        setPage(2);
      }}
    >
      Sort and page
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <SortThenPage /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const params = () => new URLSearchParams(router.state.location.search);
  return { router, params };
}

describe('URL writes before a render', () => {
  it('keep each other: the page does not drop the sort written just before it', () => {
    const { params } = renderAt('/list?q=smith');
    fireEvent.click(screen.getByRole('button', { name: 'Sort and page' }));

    expect(params().get('sort')).toBe('-balance');
    expect(params().get('held.page')).toBe('2');
    expect(params().get('q')).toBe('smith');
  });

  it('start from what a later navigation shows, not from an old write', async () => {
    const { router, params } = renderAt('/list');
    fireEvent.click(screen.getByRole('button', { name: 'Sort and page' }));
    expect(params().get('sort')).toBe('-balance');

    // A link or Back, rendered before the next click (as a person clicks).
    await act(() => router.navigate('/list?q=jones'));
    fireEvent.click(screen.getByRole('button', { name: 'Sort and page' }));
    expect(params().get('q')).toBe('jones');
    expect(params().get('held.page')).toBe('2');
  });
});
