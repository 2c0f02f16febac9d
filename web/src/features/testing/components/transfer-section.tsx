import { useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { dollarsToCents } from '../../../lib/dollars-to-cents';
import { fetchTransferHistory, sendTransfer } from '../api/testing';
import { useTestRun } from '../hooks/use-test-run';
import { TestResult } from './test-result';
import { TestSection } from './test-section';

const RECIPIENT = 'Please enter the recipient’s e-mail address';

/** transfer-money (amount, recipientEmail, description) and get-transfer-history. */
export function TransferSection() {
  const { outcome, running, run, fail } = useTestRun();
  const [amount, setAmount] = useState('1.00');
  const [recipient, setRecipient] = useState('');
  const [description, setDescription] = useState('Testing page transfer');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const cents = dollarsToCents(amount);
    if (cents === null) found.amount = 'Enter an amount in dollars, e.g. 1.00';
    if (recipient.trim() === '') found.recipient = RECIPIENT;
    setErrors(found);
    if (Object.keys(found).length > 0) return fail('Send Transfer', Object.values(found).join(' '));
    void run('Send Transfer', () => sendTransfer({ amountCents: cents!, recipientEmail: recipient.trim(), description: description.trim() }));
  };

  return (
    <TestSection id="transfer" title="Money Transfer" description="Sends money from your wallet to another agent by e-mail, under the transfer rules.">
      <form onSubmit={send} noValidate className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="transfer-amount"
          name="amount"
          label="Amount ($)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
        />
        <FormField
          id="transfer-recipient"
          name="recipient"
          type="email"
          label="Recipient E-mail"
          placeholder="agent@example.com"
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          error={errors.recipient}
        />
        <div className="sm:col-span-2">
          <FormField id="transfer-description" name="description" label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={running}>
            Send Transfer
          </Button>
          <Button type="button" variant="outline" disabled={running} onClick={() => void run('Get Transfer History', fetchTransferHistory)}>
            Get Transfer History
          </Button>
        </div>
      </form>
      <TestResult outcome={outcome} />
    </TestSection>
  );
}
