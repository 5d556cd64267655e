import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Form, type FormProps } from './form';

export interface FormDialogProps<Values extends FieldValues, Output> extends Omit<
  FormProps<Values, Output>,
  'id' | 'ref'
> {
  title: string;
  confirmLabel: string;
  /** The submit button's text while the call runs ('Saving rule...'). */
  loadingText?: string;
  /** Red submit button for removals and irreversible changes. */
  destructive?: boolean;
  /** An alert dialog (a staff action that changes records). */
  alert?: boolean;
  /** The call the form starts is running: the button shows progress, closing is refused. */
  isPending?: boolean;
  /** The submit button shows progress without refusing to close (a check before the call). */
  busy?: boolean;
  size?: 'md' | 'lg' | 'xl';
  onClose: () => void;
  /** Dialogs this one opens (a confirmation before the save), kept inside its layer. */
  stacked?: ReactNode;
}

/**
 * Every dialog that asks for values (UI.md: Chakra dialogs, never `window.prompt`): the title, a
 * form of the kit, Cancel and the submit button. Mount it when it should show.
 */
export function FormDialog<Values extends FieldValues, Output>({
  title,
  confirmLabel,
  loadingText,
  destructive = false,
  alert = false,
  isPending = false,
  busy = false,
  size = 'md',
  onClose,
  stacked,
  ...form
}: FormDialogProps<Values, Output>) {
  const formId = useId();
  return (
    <Dialog.Root
      role={alert ? 'alertdialog' : 'dialog'}
      open
      size={size}
      scrollBehavior="inside"
      placement="center"
      onOpenChange={(details) => {
        if (!details.open && !isPending) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Form id={formId} {...form} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                form={formId}
                colorPalette={destructive ? 'red' : 'blue'}
                loading={isPending || busy}
                loadingText={loadingText}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" disabled={isPending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
          {stacked}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
