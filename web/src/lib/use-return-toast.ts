import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { toast, type ToastVariant } from '../components/ui/toast-store';

type Outcome = { readonly title: string; readonly description: string; readonly variant?: ToastVariant; readonly then?: () => void };

/**
 * Back from the card provider's page (`?setup=success`, `?payment=cancelled`, …): says how it
 * went with the outcome's toast, runs its follow-up (a reload), then clears the query so a
 * reload of the page does not say it again.
 */
export function useReturnToast(param: string, outcomes: Readonly<Record<string, Outcome>>): void {
  const [params, setParams] = useSearchParams();
  const value = params.get(param);
  useEffect(() => {
    const outcome = value ? outcomes[value] : undefined;
    if (!outcome) return;
    toast({ title: outcome.title, description: outcome.description, variant: outcome.variant ?? 'default' });
    outcome.then?.();
    setParams(
      (current) => {
        current.delete(param);
        return current;
      },
      { replace: true },
    );
    // The outcomes are the caller's constants: the query's value alone decides when to run.
  }, [value, param, setParams]);
}
