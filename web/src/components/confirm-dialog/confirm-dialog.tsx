import { Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DialogFrame } from '@/components/ui/dialog-frame';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, in the spec's words; destructive ones say what they remove. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for removals and irreversible changes. */
  destructive?: boolean;
  /** The call the confirmation starts is running: the button shows progress, nothing else reacts. */
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The one confirmation of the app (UI.md: Chakra dialogs, never `window.confirm`). An alert dialog:
 * focus starts on Cancel, Escape cancels, and focus returns to the control that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  isPending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <DialogFrame
      role="alertdialog"
      open={open}
      onClose={onClose}
      closable={!isPending}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            {cancelLabel}
          </Button>
          <Button
            colorPalette={destructive ? 'red' : 'blue'}
            onClick={onConfirm}
            loading={isPending}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {typeof message === 'string' ? <Text>{message}</Text> : message}
    </DialogFrame>
  );
}
