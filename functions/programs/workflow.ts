import { isImpactPreviewEvent, runDispatchedPreviewsInProcess } from './impact-runs';
import { runImpactPreview } from './impact-preview';

/**
 * The programs resource's workflow function (infra/api-stack.ts): the step of the impact preview
 * workflow that `POST /api/programs/{prefix}/impact-preview` starts, re-judging a program's accounts
 * under an unsaved version for as long as Lambda allows. The HTTP routes are handler.ts, a function of
 * their own, so neither bundle carries the other's code.
 */
export async function handler(event: unknown): Promise<void> {
  if (isImpactPreviewEvent(event)) return runImpactPreview(event.previewId);
  throw new Error('The programs workflow function takes impact previews only');
}

/**
 * Where there is no workflow (the local stack, the tests), the previews this process starts are
 * judged here, in its background, as the workflow would judge them in AWS.
 */
export function runProgramsWorkflowInProcess(): void {
  runDispatchedPreviewsInProcess(runImpactPreview);
}
