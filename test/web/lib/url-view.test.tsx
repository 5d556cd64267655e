import '../support/router-polyfills';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { isPageParam, useUrlFilters, useUrlPage, useUrlSorting, useUrlView } from '@/lib/url-state';

/** A date filter whose change starts the screen's tables on page 1. */
function DateView() {
  const [view, update] = useUrlFilters(['date'], { resets: isPageParam });
  return (
    <>
      <output aria-label="Date">{view.date}</output>
      <button onClick={() => update({ date: '20260302' })}>Pick</button>
      <button onClick={() => update({ date: '' })}>Latest</button>
    </>
  );
}

const readCount = (params: URLSearchParams) => ({ count: Number(params.get('count') ?? 0) });
const writeCount = ({ count }: { count: number }) =>
  new URLSearchParams(count === 0 ? {} : { count: String(count) });

/** A counter whose clicks build on the last change, not the last render. */
function CountView() {
  const [view, update] = useUrlView(readCount, writeCount, ['count']);
  return (
    <>
      <output aria-label="Count">{view.count}</output>
      <button onClick={() => update((current) => ({ count: current.count + 1 }))}>Add</button>
    </>
  );
}

/** A table's sort header and Next button, and a view owning the same `page`, all on one screen. */
function SortThenPage() {
  const [, setSorting] = useUrlSorting('sort', ['pnl']);
  const { setPage } = useUrlPage();
  const [, update] = useUrlView(readCount, writeCount, ['count']);
  return (
    <>
      <button onClick={() => setSorting([{ id: 'pnl', desc: true }])}>Sort</button>
      <button onClick={() => setPage(2)}>Next</button>
      <button onClick={() => update((current) => ({ count: current.count + 1 }))}>Add</button>
    </>
  );
}

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/list', element },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const params = () => new URLSearchParams(router.state.location.search);
  return { router, params };
}

describe('useUrlView', () => {
  it('writes a change in place of the history entry, and drops the pages it resets', () => {
    const { router, params } = renderAt('/list?page=3&held.page=2&sort=-pnl', <DateView />);
    fireEvent.click(screen.getByRole('button', { name: 'Pick' }));

    expect(params().get('date')).toBe('20260302');
    expect(params().get('page')).toBeNull();
    expect(params().get('held.page')).toBeNull();
    expect(params().get('sort')).toBe('-pnl');
    expect(router.state.historyAction).toBe('REPLACE');

    fireEvent.click(screen.getByRole('button', { name: 'Latest' }));
    expect(params().has('date')).toBe(false);
  });

  it('keeps its view through Back from another screen, as a reload reads it from the URL', async () => {
    const { router, params } = renderAt('/list', <DateView />);
    fireEvent.click(screen.getByRole('button', { name: 'Pick' }));
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(params().get('date')).toBe('20260302');
    expect(screen.getByRole('status', { name: 'Date' })).toHaveTextContent('20260302');
  });

  it('adopts a URL written by a link', async () => {
    const { router } = renderAt('/list?date=20260301', <DateView />);
    expect(screen.getByRole('status', { name: 'Date' })).toHaveTextContent('20260301');
    await act(() => router.navigate('/list?date=20260227'));
    expect(screen.getByRole('status', { name: 'Date' })).toHaveTextContent('20260227');
  });

  it('counts every change made before the URL rendered, built on the last one', () => {
    const { params } = renderAt('/list', <CountView />);
    const add = screen.getByRole('button', { name: 'Add' });
    act(() => {
      fireEvent.click(add);
      fireEvent.click(add);
      fireEvent.click(add);
    });
    expect(screen.getByRole('status', { name: 'Count' })).toHaveTextContent('3');
    expect(params().get('count')).toBe('3');
  });

  it('keeps a sort and a page written by different hooks before either rendered', () => {
    const { params } = renderAt('/list', <SortThenPage />);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    });
    expect(params().get('sort')).toBe('-pnl');
    expect(params().get('page')).toBe('2');
    expect(params().get('count')).toBe('1');
  });

  it('writes nothing for a change that leaves the view as it is', () => {
    const { router } = renderAt('/list?page=3&date=20260302', <DateView />);
    const before = router.state.location.key;
    fireEvent.click(screen.getByRole('button', { name: 'Pick' }));
    expect(router.state.location.key).toBe(before);
    expect(router.state.location.search).toBe('?page=3&date=20260302');
  });
});
