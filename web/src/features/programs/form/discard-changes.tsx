import { useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';

export const DISCARD_TITLE = 'Discard changes?';
export const DISCARD_MESSAGE =
  'This program has changes that are not saved. Leave the form and lose them?';

/**
 * Cancel and Back on the program form, so a stray click never loses unsaved work: the links leave at
 * once when nothing was changed, else ask first. `onDirtyChange` goes to the form, `onLeaveClick` to
 * the links' onClick; `dialog` is rendered once.
 */
export function useLeaveGuard(to: string): {
  onDirtyChange: (dirty: boolean) => void;
  onLeaveClick: (event: MouseEvent) => void;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);
  const go = () => void navigate(to);
  return {
    onDirtyChange,
    onLeaveClick: (event) => {
      if (!dirty) return;
      event.preventDefault();
      setAsking(true);
    },
    dialog: (
      <ConfirmDialog
        open={asking}
        title={DISCARD_TITLE}
        message={DISCARD_MESSAGE}
        confirmLabel="Discard Changes"
        cancelLabel="Keep Editing"
        destructive
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          go();
        }}
      />
    ),
  };
}
