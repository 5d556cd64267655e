import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A screen's filters kept in the URL, for screens whose filters change quickly one after another.
 * Building each change from `useSearchParams()` loses changes: the router renders a navigation in a
 * transition, and its setter (even the callback form) starts from the search params of the last
 * render, so a second change made before that render drops the first (issue 24: a date change lost
 * to a provider change made a second later). Here the filters are React state, updated one change on
 * top of the other, and the URL follows them; a URL someone else writes (a link, back/forward) is
 * adopted.
 */
export function useUrlView<V extends object>(
  read: (params: URLSearchParams) => V,
  write: (view: V) => URLSearchParams,
): [V, (change: Partial<V>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const [view, setView] = useState(() => read(searchParams));
  // Searches this hook wrote: when they render (possibly late, in any order) they are not news.
  const written = useRef(new Set<string>());
  const readRef = useRef(read);
  const writeRef = useRef(write);
  useEffect(() => {
    readRef.current = read;
    writeRef.current = write;
  });

  useEffect(() => {
    if (written.current.has(search)) return;
    written.current.clear();
    const fromUrl = readRef.current(new URLSearchParams(search));
    const same = (a: V, b: V) => writeRef.current(a).toString() === writeRef.current(b).toString();
    setView((current) => (same(current, fromUrl) ? current : fromUrl));
  }, [search]);

  // The URL follows the view; a URL that already means this view (defaults left out) stays as it is.
  const latestSearch = useRef(search);
  useEffect(() => {
    latestSearch.current = search;
  }, [search]);
  useEffect(() => {
    const next = writeRef.current(view).toString();
    const shown = writeRef.current(readRef.current(new URLSearchParams(latestSearch.current)));
    if (next === shown.toString()) return;
    written.current.add(next);
    setSearchParams(next, { replace: true });
  }, [view, setSearchParams]);

  const update = useCallback(
    (change: Partial<V>) => setView((current) => ({ ...current, ...change })),
    [],
  );
  return [view, update];
}
