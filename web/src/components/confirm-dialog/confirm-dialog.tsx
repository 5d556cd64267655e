import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !isPending) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {typeof message === 'string' ? <Text>{message}</Text> : message}
            </Dialog.Body>
            <Dialog.Footer>
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
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
