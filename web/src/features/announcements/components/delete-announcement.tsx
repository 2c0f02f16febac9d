import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { deleteAnnouncement } from '../api/announcements';

type Props<T extends { id: string }> = {
  /** The announcement asked about; null while nothing is. */
  readonly subject: T | null;
  readonly onClose: () => void;
  /** After the attempt: `deleted` says whether it is gone. */
  readonly onDone: (item: T, deleted: boolean) => void;
};

/** The spec's delete confirmation; the delete, with its toast in the spec's words. */
export function ConfirmDeleteAnnouncement<T extends { id: string }>({ subject, onClose, onDone }: Props<T>) {
  const remove = async (item: T) => {
    onClose();
    try {
      await deleteAnnouncement(item.id);
      toast({ title: 'Success', description: 'Announcement deleted successfully' });
      onDone(item, true);
    } catch (failure) {
      const description = failure instanceof ApiRequestError && failure.status === 401 ? 'User not authenticated' : 'Failed to delete announcement';
      toast({ title: 'Error', description, variant: 'destructive' });
      onDone(item, false);
    }
  };
  return (
    <ConfirmDialog
      subject={subject}
      title="Delete announcement"
      description={() => 'Are you sure you want to delete this announcement?'}
      confirmLabel="Delete"
      onConfirm={(item) => void remove(item)}
      onCancel={onClose}
    />
  );
}
