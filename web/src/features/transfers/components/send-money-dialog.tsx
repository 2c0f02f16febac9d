import { useEffect, useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { dollarsToCents } from '../../../lib/dollars-to-cents';
import { organisationZone, zoneName } from '../../../lib/format';
import { formatCents } from '../../../lib/money';
import { useApiQuery } from '../../../lib/use-api-query';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { fetchTransferRecipients, sendTransfer, type TransferAnswer, type TransferRecipient } from '../api/transfers';

type Sent = TransferAnswer & { amountCents: number; recipientEmail: string; description: string };

/** Server refusals that belong to one field of the form. */
const FIELD_OF_CODE: Record<string, string> = {
  RECIPIENT_NOT_FOUND: 'recipientEmail',
  TRANSFER_NOT_ALLOWED: 'recipientEmail',
  RECIPIENT_DISABLED: 'recipientEmail',
  TRANSFER_TO_SELF: 'recipientEmail',
  INSUFFICIENT_BALANCE: 'amount',
  TRANSFER_DAILY_LIMIT: 'amount',
  INVALID_AMOUNT: 'amount',
};

const DESCRIPTION_MAX = 200;

/** The spec's transfer-money: amount in dollars (sent as cents), the recipient's e-mail and a description. */
export function SendMoneyDialog({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: (sent: Sent) => void }) {
  const [amount, setAmount] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [description, setDescription] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  // On opening: whom this agent may send to (without it the form still sends, the server checks).
  const { data, error } = useApiQuery('/api/wallet/transfers/recipients', fetchTransferRecipients, {
    failure: 'Failed to load whom you can send to',
    enabled: open,
    expected: () => true,
  });
  const recipients = error ? null : (data ?? null);
  // The SAT leader is who an agent sends to, so the form starts with them.
  useEffect(() => {
    if (data?.satLeader) setRecipientEmail((typed) => typed || data.satLeader!.email);
  }, [data]);
  const {
    busy,
    submit: run,
    errorFor,
  } = useFormSubmission((failure) => {
    toast({
      title: 'Transfer Failed',
      description: failure instanceof Error ? failure.message : 'Unable to send money. Please try again.',
      variant: 'destructive',
    });
  }, FIELD_OF_CODE);

  const fieldError = (field: string) => localErrors[field] ?? errorFor(field) ?? (field === 'amount' ? errorFor('amountCents') : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountCents = dollarsToCents(amount);
    const errors: Record<string, string> = {};
    const limitCents = recipients?.dailyLimitCents;
    if (amountCents === null || (limitCents !== undefined && amountCents > limitCents)) {
      errors.amount =
        limitCents !== undefined
          ? `Amount must be between $0.01 and ${formatCents(limitCents)}, your daily transfer limit (at most 2 decimals)`
          : 'Amount must be at least $0.01 (at most 2 decimals)';
    }
    if (!recipientEmail.trim()) errors.recipientEmail = 'Please enter the recipient’s e-mail address';
    setLocalErrors(errors);
    if (errors.amount || errors.recipientEmail || amountCents === null) return;
    void run(async () => {
      const input = { amountCents, recipientEmail: recipientEmail.trim(), description: description.trim() };
      // A new key per submit: this submit's retries (a lost answer) replay, a new submit is a new transfer.
      const answer = await sendTransfer(input, crypto.randomUUID());
      toast({
        title: 'Transfer Sent',
        description:
          `You sent ${formatCents(amountCents)} to ${input.recipientEmail}.` + (answer.status === 'pending' ? ' It will reach their wallet in a moment.' : ''),
      });
      onSent({ ...answer, ...input });
      setAmount('');
      setRecipientEmail('');
      setDescription('');
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent data-testid="send-money-dialog">
        <DialogTitle>Send money</DialogTitle>
        <DialogDescription>Send from your available balance to your SAT leader or to an agent who chose you as their SAT leader.</DialogDescription>
        {recipients && (
          <p className="text-sm text-slate-700" data-testid="send-money-sat-leader">
            {recipients.satLeader ? <>Your SAT leader: {nameOf(recipients.satLeader)}</> : 'You have no SAT leader to send to.'}
          </p>
        )}
        {recipients && (
          <p className="text-sm text-slate-700" data-testid="send-money-limit">
            You can transfer up to {formatCents(recipients.dailyLimitCents)} per day (midnight to midnight, {zoneName(organisationZone())}).
          </p>
        )}
        <form className="space-y-4" onSubmit={submit} noValidate>
          <FormField
            label="Amount (USD)"
            name="amount"
            inputMode="decimal"
            placeholder="0.00"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={fieldError('amount')}
          />
          <FormField
            label="Recipient email"
            name="recipientEmail"
            type="email"
            autoComplete="off"
            placeholder="leader@example.com"
            value={recipientEmail}
            onChange={(e) => setRecipientEmail(e.target.value)}
            error={fieldError('recipientEmail')}
            list="send-money-recipients"
          />
          <datalist id="send-money-recipients">
            {[...(recipients?.satLeader ? [recipients.satLeader] : []), ...(recipients?.agents ?? [])].map((recipient) => (
              <option key={recipient.email} value={recipient.email} label={nameOf(recipient)} />
            ))}
          </datalist>
          <div>
            <label htmlFor="field-description" className="block text-sm font-medium text-slate-800">
              Description (optional)
            </label>
            <textarea
              id="field-description"
              name="description"
              rows={2}
              maxLength={DESCRIPTION_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              aria-invalid={fieldError('description') ? true : undefined}
              aria-describedby="field-description-hint"
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
            <p id="field-description-hint" className={fieldError('description') ? 'mt-1 text-sm text-red-600' : 'mt-1 text-xs text-slate-500'}>
              {fieldError('description') ?? `${description.length}/${DESCRIPTION_MAX}`}
            </p>
          </div>
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send money'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const nameOf = (recipient: TransferRecipient) => (recipient.displayName ? `${recipient.displayName} (${recipient.email})` : recipient.email);
