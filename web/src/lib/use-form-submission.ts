import { useState } from 'react';

import { ApiRequestError, type FieldError } from './api-client';

/**
 * A form's submission: busy while it runs, and a refusal's field errors shown under their
 * fields. `fieldOf` places refusals that name no field (domain codes) under one; any other
 * failure goes to `onOtherFailure`.
 */
export function useFormSubmission(onOtherFailure: (failure: unknown) => void, fieldOf: Readonly<Record<string, string>> = {}) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors([]);
    try {
      await work();
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fieldErrors.length) setErrors(failure.fieldErrors);
      else if (failure instanceof ApiRequestError && fieldOf[failure.code]) setErrors([{ field: fieldOf[failure.code]!, message: failure.message }]);
      else onOtherFailure(failure);
    } finally {
      setBusy(false);
    }
  };

  return { busy, submit, errorFor: (field: string) => errors.find((e) => e.field === field)?.message };
}
