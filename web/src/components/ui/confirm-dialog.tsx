import type { ReactNode } from 'react';

import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

type ConfirmDialogProps<T> = {
  /** What the action is about; the dialog is open while it is set. */
  subject: T | null;
  title: string;
  description: (subject: T) => ReactNode;
  confirmLabel: string;
  onConfirm: (subject: T) => void;
  onCancel: () => void;
  /** Red for what takes away (the default); the brand colour for what gives, such as money back. */
  confirmVariant?: 'default' | 'destructive';
};

/** Asks before an action that cannot be taken back: Cancel, or the action (in red unless it gives). */
export function ConfirmDialog<T>({ subject, title, description, confirmLabel, onConfirm, onCancel, confirmVariant = 'destructive' }: ConfirmDialogProps<T>) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{subject !== null && description(subject)}</DialogDescription>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant={confirmVariant} onClick={() => subject !== null && onConfirm(subject)}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
