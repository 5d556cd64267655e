import { useEffect, useRef, useState } from 'react';
import { useRegenerateReport } from '@/api/performance';
import { ApiError, errorText } from '@/lib/api-client';
import {
  RELOAD_FAILED_TEXT,
  REPORT_RELOAD_DELAY_MS,
  REPORT_SUCCESS_CLEAR_MS,
  UPDATE_FAILED_TEXT,
} from '../report-format';

export type UpdateState =
  { kind: 'idle' } | { kind: 'updating' } | { kind: 'success' } | { kind: 'error'; text: string };

/** The server's words, else the error's own message, else the screen's `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  const own = !(error instanceof ApiError) && error instanceof Error ? error.message : '';
  return errorText(error, own || fallback);
}

/**
 * Update Report (spec 000 §4, §8): re-judges the day, re-fetches the report 1 s later and says how
 * it went; the success text clears after 5 s.
 */
export function useReportUpdate(
  accountId: string,
  date: string | undefined,
  reload: () => Promise<{ isError: boolean }>,
) {
  const regenerate = useRegenerateReport(accountId, date);
  const [update, setUpdate] = useState<UpdateState>({ kind: 'idle' });
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);
  useEffect(() => {
    if (update.kind !== 'success') return undefined;
    const timer = setTimeout(() => setUpdate({ kind: 'idle' }), REPORT_SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [update]);

  const onUpdate = () => {
    setUpdate({ kind: 'updating' });
    regenerate.mutate(undefined, {
      onSuccess: (answer) => {
        if (!answer.success) {
          setUpdate({ kind: 'error', text: answer.message || answer.error || UPDATE_FAILED_TEXT });
          return;
        }
        reloadTimer.current = setTimeout(() => {
          void reload().then((result) =>
            setUpdate(
              result.isError ? { kind: 'error', text: RELOAD_FAILED_TEXT } : { kind: 'success' },
            ),
          );
        }, REPORT_RELOAD_DELAY_MS);
      },
      onError: (error) =>
        setUpdate({ kind: 'error', text: failureText(error, UPDATE_FAILED_TEXT) }),
    });
  };

  return { update, onUpdate };
}
