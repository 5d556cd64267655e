import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { APP_NAME, isRouteHandle } from '../lib/routing';

/** The tab reads the deepest matched route's title, so staff with many tabs tell them apart. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const title = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.title;
  useEffect(() => {
    document.title = title ?? APP_NAME;
  }, [title]);
}
