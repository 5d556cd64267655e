import { Button, Stack } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { DialogFrame } from '../dialog-frame';
import { Form, type FormProps } from './form';
import { FormAlert } from './form-alert';

export interface FormDialogProps<Values extends FieldValues, Output> extends Omit<
  FormProps<Values, Output>,
  'id' | 'ref' | 'disabled'
> {
  title: string;
  confirmLabel: string;
  /** The submit button's text while the call runs ('Saving rule...'). */
  loadingText?: string;
  /** Red submit button for removals and irreversible changes. */
  destructive?: boolean;
  /** An alert dialog (a staff action that changes records). */
  alert?: boolean;
  /**
   * The call the form starts is running: the button shows progress, the fields are disabled and
   * closing is refused.
   */
  isPending?: boolean;
  /** Why the last submit was not saved, said at the top of the form (the server's refusal). */
  failure?: string;
  /** The submit button shows progress without refusing to close (a check before the call). */
  busy?: boolean;
  size?: 'md' | 'lg' | 'xl';
  onClose: () => void;
  /** Dialogs this one opens (a confirmation before the save), kept inside its layer. */
  stacked?: ReactNode;
}

/**
 * Every dialog that asks for values (UI.md: Chakra dialogs, never `window.prompt`): the title, a
 * form of the kit with its fields one under another and a refusal at their top, Cancel and the
 * submit button. Mount it when it should show.
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
  failure,
  onClose,
  stacked,
  children,
  ...form
}: FormDialogProps<Values, Output>) {
  const formId = useId();
  return (
    <DialogFrame
      role={alert ? 'alertdialog' : 'dialog'}
      size={size}
      scrollBehavior="inside"
      contentProps={{ mx: '3' }}
      title={title}
      closeLabel="Close dialog"
      closable={!isPending}
      onClose={onClose}
      stacked={stacked}
      footer={
        <>
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
        </>
      }
    >
      <Form id={formId} disabled={isPending} {...form}>
        <Stack gap="4">
          {failure && <FormAlert title={failure} />}
          {children}
        </Stack>
      </Form>
    </DialogFrame>
  );
}
