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

/**
 * `functions/<resource>/workflow.ts`: the function of a resource's work outside requests (the sync
 * workflow's steps), for a resource whose settings give it one (infra/resource-permissions.ts).
 */
export function workflowEntry(
  resource: string,
  functionsDir = path.join(repoRoot, 'functions'),
): string {
  return path.join(functionsDir, resource, 'workflow.ts');
}
