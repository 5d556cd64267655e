import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { sfnClient } from '../lib/aws/sfn';
import { impactPreviewRepository } from '../lib/repositories/impact-preview-repository';

/**
 * How an impact preview reaches the programs' workflow function (workflow.ts), so the request that
 * starts it answers at once (API Gateway cuts requests at 30 s), as a sync run reaches the sync's
 * (functions/sync/runs.ts).
 */

/** The programs functions' environment variable with the preview workflow's ARN (infra/api-stack.ts). */
export const IMPACT_PREVIEW_WORKFLOW_VARIABLE = 'IMPACT_PREVIEW_STATE_MACHINE_ARN';

/** What the workflow hands the workflow function: one preview to judge. */
export interface ImpactPreviewEvent {
  kind: 'impact-preview';
  previewId: string;
}

export function isImpactPreviewEvent(event: unknown): event is ImpactPreviewEvent {
  const candidate = event as Partial<ImpactPreviewEvent> | null;
  return candidate?.kind === 'impact-preview' && typeof candidate.previewId === 'string';
}

type InProcessRunner = (previewId: string) => Promise<unknown>;

let inProcessRunner: InProcessRunner | undefined;

/**
 * Makes this process judge the previews it starts, where no workflow exists (no
 * IMPACT_PREVIEW_STATE_MACHINE_ARN): the local stack and the tests, which host the workflow
 * function's code (workflow.ts).
 */
export function runDispatchedPreviewsInProcess(runner: InProcessRunner): void {
  inProcessRunner = runner;
}

/**
 * Hands a started preview to whatever judges it: in AWS an execution of the preview workflow named
 * after the preview (a repeated start cannot judge it twice); locally the background of this
 * process. A preview that could not be handed over is recorded as failed.
 */
export async function dispatchPreview(previewId: string): Promise<void> {
  const stateMachineArn = process.env[IMPACT_PREVIEW_WORKFLOW_VARIABLE];
  if (!stateMachineArn && inProcessRunner) {
    void inProcessRunner(previewId);
    return;
  }
  try {
    if (!stateMachineArn) {
      throw new Error(`No preview workflow: ${IMPACT_PREVIEW_WORKFLOW_VARIABLE} is not set`);
    }
    const input: ImpactPreviewEvent = { kind: 'impact-preview', previewId };
    await sfnClient().send(
      new StartExecutionCommand({ stateMachineArn, name: previewId, input: JSON.stringify(input) }),
    );
  } catch (error) {
    const stored = await impactPreviewRepository.get(previewId);
    if (stored) {
      await impactPreviewRepository.finish({
        ...stored,
        status: 'failed',
        error: 'The preview could not be started',
        finishedAt: new Date().toISOString(),
      });
    }
    throw error;
  }
}
