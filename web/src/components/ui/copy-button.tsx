import { Copy } from 'lucide-react';

import { Button } from './button';
import { toast } from './toast-store';

/** Copies a value shown once (a key, a code, a secret) to the clipboard; `noun` names it for the button and the toast. */
export function CopyButton({ value, noun }: { value: string; noun: string }) {
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={`Copy ${noun}`}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => toast({ title: 'Copied', description: `The ${noun} is on the clipboard.` }));
      }}
    >
      <Copy className="h-4 w-4" />
    </Button>
  );
}
