import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

/**
 * The frame of every dialog that is not a form (UI.md: Chakra dialogs): centred over a backdrop, a
 * title, the body, the footer's buttons and, with `closeLabel`, an X. Escape, the backdrop and the
 * X call `onClose` unless `closable` is false (a call the dialog started is running; the X is then
 * disabled).
 */
export function DialogFrame({
  open = true,
  onClose,
  closable = true,
  role,
  size,
  scrollBehavior,
  title,
  header,
  headerProps,
  contentProps,
  contentRef,
  closeLabel,
  footer,
  stacked,
  keepOnOutsideFocus = false,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  closable?: boolean;
  /** An alert dialog asks before a change (focus starts on its first button). */
  role?: 'dialog' | 'alertdialog';
  size?: Dialog.RootProps['size'];
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  title?: ReactNode;
  /** The whole header, where it holds more than the title (which it must then contain). */
  header?: ReactNode;
  headerProps?: Dialog.HeaderProps;
  contentProps?: Dialog.ContentProps;
  contentRef?: Ref<HTMLDivElement>;
  closeLabel?: string;
  footer: ReactNode;
  /** Dialogs this one opens (a confirmation before a save), kept inside its layer. */
  stacked?: ReactNode;
  /**
   * Closed only by its buttons and Escape, not by focus or a click outside: for a dialog that opens
   * as another closes, whose closing hands focus back to the page behind.
   */
  keepOnOutsideFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && closable) onClose();
      }}
      placement="center"
      {...(keepOnOutsideFocus && { closeOnInteractOutside: false })}
      {...(role && { role })}
      {...(size && { size })}
      {...(scrollBehavior && { scrollBehavior })}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={contentRef} {...contentProps}>
            <Dialog.Header {...headerProps}>
              {header ?? <Dialog.Title>{title}</Dialog.Title>}
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            {closeLabel && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={closeLabel} disabled={!closable} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
          {stacked}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
