import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PROGRAM_UPDATED_MESSAGE } from '@shared/accounts/account';
import type { AccountCommentBody } from '@shared/comments/account-comment';
import type { AccountDetail } from '@shared/summaries/account-detail';
import { ApiError, errorText } from '@/lib/api-client';
import {
  useAddComment,
  useRefreshAccount,
  useResetAccount,
  useUpdateAccountProgram,
} from '@/api/accounts';
import { paths } from '@/config/paths';
import { NO_SUMMARY_TEXT } from '../summary-texts';

/** Spec 001 §9: status messages clear after 5 s; the page re-fetches 1 s after a refresh. */
export const STATUS_CLEAR_MS = 5_000;
export const REFETCH_DELAY_MS = 1_000;

export interface StatusMessage {
  kind: 'success' | 'error';
  text: string;
}

/** A status line that clears itself after 5 s (spec 001 §4). */
function useStatusMessage() {
  const [status, setStatus] = useState<StatusMessage | null>(null);
  useEffect(() => {
    if (status === null) return undefined;
    const timer = setTimeout(() => setStatus(null), STATUS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return [status, setStatus] as const;
}

const failed = (error: unknown): StatusMessage => ({
  kind: 'error',
  text: `✗ ${errorText(error)}`,
});

/**
 * What the account page's buttons do (spec 001 §2.9, §4): Refresh (re-fetches 1 s after a success),
 * Update Program, Add Comment, Current Summary and Reset Account, each ending in the status line.
 */
export function useAccountActions(accountId: string, refetch: () => unknown) {
  const navigate = useNavigate();
  const [status, setStatus] = useStatusMessage();
  const refresh = useRefreshAccount(accountId);
  const updateProgram = useUpdateAccountProgram(accountId);
  const addComment = useAddComment(accountId);
  const reset = useResetAccount(accountId);
  const refetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(refetchTimer.current), []);

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.success) {
          setStatus({ kind: 'success', text: `✓ ${answer.message ?? 'Account refreshed'}` });
          clearTimeout(refetchTimer.current);
          refetchTimer.current = setTimeout(() => void refetch(), REFETCH_DELAY_MS);
        } else {
          setStatus({
            kind: 'error',
            text: `✗ ${answer.error ?? answer.message ?? 'Refresh failed'}`,
          });
        }
      },
      onError: (error) => setStatus(failed(error)),
    });

  const onUpdateProgram = () =>
    updateProgram.mutate(undefined, {
      onSuccess: (answer) =>
        setStatus(
          answer.message === PROGRAM_UPDATED_MESSAGE
            ? { kind: 'success', text: `✓ ${PROGRAM_UPDATED_MESSAGE}` }
            : { kind: 'error', text: `✗ ${answer.message ?? 'Failed to update program'}` },
        ),
      onError: (error) => setStatus(failed(error)),
    });

  /** Resolves when the comment is stored; rejects (after saying why) so the form stays open. */
  const onComment = async (body: AccountCommentBody) => {
    try {
      const answer = await addComment.mutateAsync(body);
      setStatus({ kind: 'success', text: `✓ ${answer.message}` });
    } catch (error) {
      setStatus({
        kind: 'error',
        text:
          error instanceof ApiError
            ? `Failed to add comment: ${errorText(error)}`
            : `Error adding comment: ${errorText(error)}`,
      });
      throw error;
    }
  };

  const onCurrentSummary = (data: AccountDetail) => {
    if (data.summary === null) setStatus({ kind: 'error', text: NO_SUMMARY_TEXT });
    else void navigate(paths.accountSummaryDetail.href({ accountId }));
  };

  const onReset = (done: () => void) =>
    reset.mutate(undefined, {
      onSuccess: (answer) => {
        setStatus({ kind: 'success', text: `✓ ${answer.message}` });
        done();
      },
      onError: (error) => {
        setStatus(failed(error));
        done();
      },
    });

  return {
    status,
    onRefresh,
    refreshing: refresh.isPending,
    onUpdateProgram,
    updatingProgram: updateProgram.isPending,
    onComment,
    commenting: addComment.isPending,
    onCurrentSummary,
    onReset,
    resetting: reset.isPending,
  };
}
