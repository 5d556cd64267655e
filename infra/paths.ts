import path from 'node:path';

/** The repository root: handler entries, the lock file and the built SPA are found from here. */
export const repoRoot = path.resolve(__dirname, '..');

/** `functions/<resource>/handler.ts`, the handler convention of DESIGN §2. */
export function handlerEntry(
  resource: string,
  functionsDir = path.join(repoRoot, 'functions'),
): string {
  return path.join(functionsDir, resource, 'handler.ts');
}
