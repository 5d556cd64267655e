import '../support/router-polyfills';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS, useUrlSearch } from '@/lib/url-state';

function SearchBox({ resetParams = [] }: { resetParams?: readonly string[] }) {
  const [typed, setTyped, search] = useUrlSearch('q', {
    resets: (name) => resetParams.includes(name),
  });
  return (
    <>
      <input aria-label="Search" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <output aria-label="Searching">{search}</output>
    </>
  );
}

function renderBox(path: string, resetParams?: readonly string[]) {
  const router = createMemoryRouter(
    [{ path: '/list', element: <SearchBox resetParams={resetParams} /> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const box = screen.getByRole('textbox', { name: 'Search' });
  const type = (value: string) => fireEvent.change(box, { target: { value } });
  const params = () => new URLSearchParams(router.state.location.search);
  return { router, box, type, params };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useUrlSearch', () => {
  it('starts from the URL, and writes the trimmed text a moment after the last key', () => {
    const { box, type, params } = renderBox('/list?q=ALPHA');
    expect(box).toHaveValue('ALPHA');

    act(() => type('ALPHA B '));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(params().get('q')).toBe('ALPHA');
    act(() => jest.advanceTimersByTime(1));
    expect(params().get('q')).toBe('ALPHA B');
    expect(box).toHaveValue('ALPHA B ');
    expect(screen.getByRole('status', { name: 'Searching' })).toHaveTextContent('ALPHA B');
  });

  it('writes once per pause in typing, however many keys came before it', () => {
    const { router, type, params } = renderBox('/list');
    const navigate = jest.spyOn(router, 'navigate');
    let text = '';
    for (const key of 'EVAL50K-000005') {
      text += key;
      act(() => type(text));
      act(() => jest.advanceTimersByTime(10));
    }
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(params().get('q')).toBe('EVAL50K-000005');
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('drops the parameter for an empty box, and the reset parameters (the page) on a change', () => {
    const { type, params } = renderBox('/list?q=ALPHA&page=3&sort=name', ['page']);
    act(() => type('  '));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(params().toString()).toBe('sort=name');
  });

  it('keeps a key typed while its own earlier write is still rendering', () => {
    const { box, type, params } = renderBox('/list');
    act(() => type('EVAL'));
    // The write of 'EVAL' and the next key in one batch: the router renders the navigation as a
    // transition, after the key; the box must not be set back to what it wrote.
    act(() => {
      jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      type('EVAL5');
    });
    expect(box).toHaveValue('EVAL5');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(params().get('q')).toBe('EVAL5');
    expect(box).toHaveValue('EVAL5');
  });

  it('follows a URL someone else wrote (a link, Back)', async () => {
    const { router, box, type } = renderBox('/list?q=ALPHA');
    act(() => type('BETA'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await act(() => router.navigate('/list?q=GAMMA'));
    expect(box).toHaveValue('GAMMA');
    await act(() => router.navigate('/list'));
    expect(box).toHaveValue('');
  });
});
