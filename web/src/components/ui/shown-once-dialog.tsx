import type { ReactNode } from 'react';

import { cn } from '../../lib/cn';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

type ShownOnceDialogProps = {
  /** The value to show (a new key, code or secret); the dialog is open while it is set. */
  value: string | null;
  title: string;
  description: ReactNode;
  /** What the value is, for the copy button's name and toast ("key", "code", "signing secret"). */
  noun: string;
  testId: string;
  valueClassName?: string;
  onClose: () => void;
};

/** A value the server answers once (an API key, an access code, a signing secret): shown with a copy button, then never again. */
export function ShownOnceDialog({ value, title, description, noun, testId, valueClassName, onClose }: ShownOnceDialogProps) {
  return (
    <Dialog open={value !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="flex items-center gap-2">
          <code className={cn('min-w-0 flex-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm', valueClassName)} data-testid={testId}>
            {value}
          </code>
          <CopyButton value={value ?? ''} noun={noun} />
        </div>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
