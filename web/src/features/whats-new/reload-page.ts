/** Reloads the page; a module of its own so tests can observe it (jsdom cannot reload). */
export function reloadPage(): void {
  window.location.reload();
}
