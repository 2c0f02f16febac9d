import { useEffect, useState, type FormEvent } from 'react';

import { requestReturn, type OwnedLead, type ReturnReason } from '../../../app/api/leads';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { formatCents } from '../../../lib/money';

/** Asks to return a lead: a reason from the fixed list and a comment; an admin reviews it. */
export function ReturnLeadDialog({
  lead,
  reasons,
  windowDays,
  onClose,
  onReturned,
}: {
  lead: OwnedLead | null;
  reasons: ReturnReason[];
  windowDays: number;
  onClose: () => void;
  onReturned: () => void;
}) {
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (lead) {
      setReason('');
      setComment('');
    }
  }, [lead]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!lead) return;
    if (!reason) return toast({ title: 'Invalid Input', description: 'Choose why you are returning this lead.', variant: 'destructive' });
    setSending(true);
    try {
      await requestReturn(lead.leadId, { reason, comment });
      toast({ title: 'Return Requested', description: 'An admin reviews it; an approved return credits your balance.' });
      onReturned();
      onClose();
    } catch (error) {
      toast({
        title: 'Return Failed',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={lead !== null} onOpenChange={(open) => !open && !sending && onClose()}>
      <DialogContent blocking={sending}>
        <DialogTitle>Return this lead</DialogTitle>
        <DialogDescription>
          {lead && `${lead.firstName} ${lead.lastName} (${lead.state}), bought for ${formatCents(lead.priceCents)}. `}
          Leads can be returned within {windowDays} days of purchase. An approved return puts the price back in your balance.
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="space-y-4">
          <div>
            <label htmlFor="return-reason" className="block text-sm font-medium text-slate-800">
              Reason
            </label>
            <select
              id="return-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            >
              <option value="">Choose a reason</option>
              {reasons.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="return-comment" className="block text-sm font-medium text-slate-800">
              Comment (optional)
            </label>
            <textarea
              id="return-comment"
              rows={3}
              maxLength={1000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" disabled={sending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending...' : 'Request return'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
