import { CheckCircle2, XCircle } from 'lucide-react';

import type { TestOutcome } from '../hooks/use-test-run';

/** Pass or fail with the answer, announced when it changes. */
export function TestResult({ outcome }: { outcome: TestOutcome | null }) {
  return (
    <div role="status" aria-live="polite" className="mt-3">
      {outcome && (
        <div className={`rounded-md border p-3 text-sm ${outcome.pass ? 'border-green-300 bg-green-50' : 'border-red-300 bg-red-50'}`}>
          <p className={`flex items-center gap-2 font-semibold ${outcome.pass ? 'text-green-800' : 'text-red-800'}`}>
            {outcome.pass ? <CheckCircle2 className="h-4 w-4" aria-hidden /> : <XCircle className="h-4 w-4" aria-hidden />}
            {outcome.pass ? 'Pass' : 'Fail'}: {outcome.label}
          </p>
          {outcome.message && <p className="mt-1 text-red-800">{outcome.message}</p>}
          {outcome.answer !== null && outcome.answer !== undefined && (
            <pre
              tabIndex={0}
              aria-label={`Answer: ${outcome.label}`}
              className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-white/70 p-2 font-mono text-xs text-slate-800"
            >
              {JSON.stringify(outcome.answer, null, 2)}
            </pre>
          )}
        </div>
      )}
    </div>
  );
}
