import { lazy, Suspense } from 'react';

export { toaster } from './toaster-store';

/*
 * The toasts' code loads after the first screen has rendered: toasts only follow actions
 * and answers, and one created before it is there waits in the queue and shows when it is.
 */
const ToasterView = lazy(() =>
  import('./toaster-view').then((module) => ({ default: module.ToasterView })),
);

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
