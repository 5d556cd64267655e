/**
 * Fakes only the Daily Sync page's poll timer (`setInterval`): each test decides when the page asks
 * again, and everything else (timeouts, animation frames, promises) runs for real.
 */
export function fakePollTimerOnly(): void {
  jest.useFakeTimers({
    doNotFake: [
      'Date',
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
