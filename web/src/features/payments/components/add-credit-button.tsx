import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';

import { useAddBalanceDialog } from '../../../app/add-balance-dialog-store';
import { Button } from '../../../components/ui/button';

// The dialog's code is fetched the first time it opens.
const AddBalanceDialog = lazy(() => import('./add-balance-dialog').then((module) => ({ default: module.AddBalanceDialog })));

/** The top bar's Add Credit button: opens the Add Balance dialog, which the profile page opens too (useAddBalanceDialog). */
export function AddCreditButton() {
  const open = useAddBalanceDialog((s) => s.open);
  const setOpen = useAddBalanceDialog((s) => s.setOpen);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  return (
    <>
      <Button size="sm" className="px-2 sm:px-3" title="Add Credit" onClick={() => setOpen(true)}>
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
