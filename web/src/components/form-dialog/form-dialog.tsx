import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export interface FormDialogProps {
  title: string;
  confirmLabel: string;
  /** Red submit button for removals and irreversible changes. */
  destructive?: boolean;
  /** An alert dialog (a staff action that changes records), focus starting on its first field. */
  alert?: boolean;
  /** The call the form starts is running: the button shows progress, closing is refused. */
  isPending?: boolean;
  /** The form's own submit: it prevents the default and checks its fields. */
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** The dialog's fields (and any text above them). */
  children: ReactNode;
}

/**
 * The shell of every dialog that asks for values (UI.md: Chakra dialogs, never `window.prompt`): a
 * form with the title, the fields, Cancel and the submit button. Mount it when it should show.
 */
export function FormDialog({
  title,
  confirmLabel,
  destructive = false,
  alert = false,
  isPending = false,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root
      role={alert ? 'alertdialog' : 'dialog'}
      open
      onOpenChange={(details) => {
        if (!details.open && !isPending) onClose();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={isPending}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  colorPalette={destructive ? 'red' : 'blue'}
                  loading={isPending}
                >
                  {confirmLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
