import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { LuRefreshCcwDot } from 'react-icons/lu';
import type { JobCounts } from '@shared/jobs/job';
import { resumeAction } from '@/components/jobs/resume-action';
import { SidebarItem } from '@/components/ui/sidebar-item';
import { toaster } from '@/components/ui/toaster';
import { ApiError, apiClient } from '@/lib/api-client';

// The sidebar is on every first screen; the dialog's code loads after it has rendered, keeping the
// first load small.
const ConfirmDialog = lazy(() =>
  import('@/components/confirm-dialog/confirm-dialog').then((module) => ({
    default: module.ConfirmDialog,
  })),
);

/** Spec 000 §8, word for word. */
export const FORCE_ALL_CONFIRM =
  "This will update ALL accounts to use the latest version of their assigned trading programs. This will also assign programs to accounts that don't have one. This action cannot be undone. Continue?";

export function forceAllSummary(counts: JobCounts, total: number): string {
  return `Updated: ${counts.updated}, Newly assigned: ${counts.assigned}, Errors: ${counts.errors}, Skipped: ${counts.skipped}, Total: ${total}`;
}

/**
 * The sidebar's 'Force All Update' (spec 000 §2): every account to its program's latest version,
 * and a program for accounts without one, after a confirmation.
 */
export function ForceAllUpdateButton({ collapsed = false }: { collapsed?: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const forceAll = useMutation({
    // The answer's schema and the job's follower load on use: the sidebar is on every first screen,
    // the job schemas (and zod) are not, so they stay out of the first load. The update is a
    // background job: its progress shows in a toast until it ends.
    // `resume`: the id of a job that stopped, continued where it stopped instead of a new one.
    mutationFn: async (resume?: string) => {
      const [{ jobSchema }, { followJob, resumeJob }] = await Promise.all([
        import('@shared/jobs/job'),
        import('@/api/jobs'),
      ]);
      const job = resume
        ? await resumeJob(resume)
        : await apiClient.post('/api/accounts/force-program-update', { schema: jobSchema });
      setConfirming(false);
      return followJob(job, 'Force All Update');
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });

  const run = (resume?: string) =>
    forceAll.mutate(resume, {
      onSuccess: (job) => {
        setConfirming(false);
        toaster.create({
          type: 'success',
          title: 'Force update completed successfully!',
          description: forceAllSummary(job.counts, job.total),
          duration: 10_000,
          closable: true,
        });
      },
      onError: (error) => {
        setConfirming(false);
        // A refusal with a reason (409 'A sync is already running') or a job that stopped is the
        // spec's 'Error: {message}'; only a call that got no reason (offline, an empty 5xx) is the
        // generic failure.
        const reason =
          error instanceof ApiError
            ? error.serverMessage
            : error.name === 'JobFailedError'
              ? error.message
              : undefined;
        // A job that stopped can be continued from the toast.
        toaster.create({
          type: 'error',
          title: reason ? `Error: ${reason}` : 'Failed to execute force update',
          closable: true,
          ...resumeAction(error, run),
        });
      },
    });

  return (
    <>
      <SidebarItem
        label="Force All Update"
        icon={LuRefreshCcwDot}
        collapsed={collapsed}
        colorPalette="orange"
        loading={forceAll.isPending}
        onClick={() => setConfirming(true)}
      />
      <Suspense fallback={null}>
        <ConfirmDialog
          open={confirming}
          title="Force All Update"
          message={FORCE_ALL_CONFIRM}
          confirmLabel="Update All Accounts"
          destructive
          isPending={forceAll.isPending}
          onConfirm={() => run()}
          onClose={() => setConfirming(false)}
        />
      </Suspense>
    </>
  );
}
