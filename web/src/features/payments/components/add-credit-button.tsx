import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { Button } from '../../../components/ui/button';

// The dialog's code is fetched on the first click.
const AddBalanceDialog = lazy(() => import('./add-balance-dialog').then((module) => ({ default: module.AddBalanceDialog })));

/** The top bar's Add Credit button: opens the Add Balance dialog. */
export function AddCreditButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        size="sm"
        className="px-2 sm:px-3"
        title="Add Credit"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Plus className="h-4 w-4" aria-hidden /> <span className="sr-only sm:not-sr-only">Add Credit</span>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <AddBalanceDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
