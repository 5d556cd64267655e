import '@testing-library/jest-dom';
import { act } from '@testing-library/react';
import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { toaster } from '@/components/ui/toaster-store';

// nivo's CommonJS build calls this package's module object as its component; under jest (CommonJS)
// that object holds the component as `default`, which the browser's ESM build takes directly.
jest.mock('react-virtualized-auto-sizer', () => {
  const actual = jest.requireActual<{ default: unknown }>('react-virtualized-auto-sizer');
  return actual.default;
});

// `findBy…` and `waitFor` give up after this long. Screens load lazily, and on a loaded machine the
// first import of a screen takes seconds: the limit guards against a hang, it asserts no speed.
configure({ asyncUtilTimeout: 15_000 });

// react-router and Chakra expect browser globals that jsdom lacks.
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The What's New modal opens by itself about a second after the admin shell loads (spec 001
// §2.15), over whatever a test is doing. Screens' tests start as if it had been shown in this
// session; the modal's own tests clear the flag.
beforeEach(() => sessionStorage.setItem('whatsNewShownThisSession', 'true'));

// The toast queue is one store for the whole module registry: a test's toasts must not still be on
// screen for the next test of its file (found when the tests ran in random order).
afterEach(() => act(() => toaster.remove()));
