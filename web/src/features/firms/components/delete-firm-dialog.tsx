import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { useDeleteFirm } from '@/api/firms';
import { FIRM_MESSAGES } from '../firm-display';

/**
 * Delete Firm's confirmation (spec 001 §2.21, §8) of `firm`: deleting says how it went in a toast
 * and closes, and `onDeleted` follows a success.
 */
export function DeleteFirmDialog({
  open,
  firm,
  onClose,
  onDeleted,
}: {
  open: boolean;
  firm: { id: string; name: string } | undefined;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const deleteFirm = useDeleteFirm();
  const remove = () => {
    if (!firm) return;
    deleteFirm.mutate(firm.id, {
      onSuccess: () => {
        onClose();
        toaster.create({ type: 'success', title: FIRM_MESSAGES.deleted });
        onDeleted?.();
      },
      onError: () => {
        onClose();
        toaster.create({ type: 'error', title: FIRM_MESSAGES.deleteFailed, closable: true });
      },
    });
  };
  return (
    <ConfirmDialog
      open={open}
      title={firm ? `Delete ${firm.name}` : 'Delete firm'}
      message={FIRM_MESSAGES.deleteConfirm}
      confirmLabel="Delete Firm"
      destructive
      isPending={deleteFirm.isPending}
      onConfirm={remove}
      onClose={onClose}
    />
  );
}
