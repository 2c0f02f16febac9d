import { useState, type FormEvent } from 'react';

import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { dollarsToCents } from '../../../lib/dollars-to-cents';
import { addTestCredit, fetchBalance } from '../api/testing';
import { useTestRun } from '../hooks/use-test-run';
import { TestResult } from './test-result';
import { TestSection } from './test-section';

/** test-add-balance: a test credit into the admin's own wallet, labelled as test credit wherever it shows. */
export function BalanceSection() {
  const userId = useSession((s) => s.user?.id ?? null);
  const { outcome, running, run, fail } = useTestRun();
  const [amount, setAmount] = useState('25.00');
  const [error, setError] = useState<string | null>(null);

  const credit = (event: FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(amount);
    setError(cents === null ? 'Enter an amount in dollars, e.g. 25.00' : null);
    if (cents === null) return fail('Add Test Credit', 'Enter an amount in dollars, e.g. 25.00');
    if (!userId) return fail('Add Test Credit', 'Not authenticated');
    void run('Add Test Credit', () => addTestCredit(userId, cents));
  };

  return (
    <TestSection
      id="balance"
      title="Balance Management"
      description={
        <>
          Adds <strong>test credit</strong> to your own wallet. It is labelled “test credit” on the wallet, its ledger and statements, and is not a card
          payment.
        </>
      }
    >
      <form onSubmit={credit} noValidate className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="balance-amount"
          name="amount"
          label="Test Credit Amount ($)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error}
        />
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit" disabled={running}>
            Add Test Credit
          </Button>
          <Button type="button" variant="outline" disabled={running} onClick={() => void run('Check Balance', fetchBalance)}>
            Check Balance
          </Button>
        </div>
      </form>
      <TestResult outcome={outcome} />
    </TestSection>
  );
}
