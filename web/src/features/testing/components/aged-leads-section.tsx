import { useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { purchaseInquiryAgedLeads } from '../api/testing';
import { useTestRun } from '../hooks/use-test-run';
import { TestResult } from './test-result';
import { TestSection } from './test-section';

const QUANTITY = 'Quantity must be a whole number from 1 to 70,000';
const newTransactionId = () => `TEST-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;

/** purchase-inquery-aged-leads: an agent's aged leads bought by an admin (agent e-mail, quantity 1-70,000, tier aged or jgsheet, states, transaction id). */
export function AgedLeadsSection() {
  const { outcome, running, run, fail } = useTestRun();
  const [agentEmail, setAgentEmail] = useState('');
  const [quantity, setQuantity] = useState('100');
  const [tier, setTier] = useState<'aged' | 'jgsheet'>('aged');
  const [states, setStates] = useState('');
  const [transactionId, setTransactionId] = useState(newTransactionId);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const purchase = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (agentEmail.trim() === '') found.agentEmail = 'Please enter the agent’s e-mail address';
    const count = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : NaN;
    if (!(count >= 1 && count <= 70_000)) found.quantity = QUANTITY;
    const stateList = states
      .split(/[\s,]+/)
      .map((state) => state.trim().toUpperCase())
      .filter(Boolean);
    if (stateList.some((state) => !/^[A-Z]{2}$/.test(state))) found.states = 'States are two-letter codes separated by commas, e.g. FL, GA';
    if (transactionId.trim() === '') found.transactionId = 'Transaction id is required';
    setErrors(found);
    if (Object.keys(found).length > 0) return fail('Purchase Aged Leads', Object.values(found).join(' '));
    void run('Purchase Aged Leads', () =>
      purchaseInquiryAgedLeads({ agentEmail: agentEmail.trim(), quantity: count, tier, states: stateList, transactionId: transactionId.trim() }),
    );
  };

  return (
    <TestSection
      id="aged-leads"
      title="Aged-Lead Purchase (InQuery)"
      description="Buys aged leads for an agent, charged to the agent's wallet. The transaction id makes it one order: the same id again answers the first purchase."
    >
      <form onSubmit={purchase} noValidate className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="aged-agent-email"
          name="agentEmail"
          type="email"
          label="Agent E-mail"
          placeholder="agent@example.com"
          value={agentEmail}
          onChange={(e) => setAgentEmail(e.target.value)}
          error={errors.agentEmail}
        />
        <FormField
          id="aged-quantity"
          name="quantity"
          label="Quantity (1-70,000)"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={errors.quantity}
        />
        <div>
          <label htmlFor="aged-tier" className="block text-sm font-medium text-slate-800">
            Tier
          </label>
          <select
            id="aged-tier"
            value={tier}
            onChange={(e) => setTier(e.target.value as 'aged' | 'jgsheet')}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
          >
            <option value="aged">aged</option>
            <option value="jgsheet">jgsheet</option>
          </select>
        </div>
        <FormField
          id="aged-states"
          name="states"
          label="States"
          placeholder="FL, GA"
          value={states}
          onChange={(e) => setStates(e.target.value)}
          error={errors.states}
        />
        <div className="sm:col-span-2">
          <FormField
            id="aged-transaction-id"
            name="transactionId"
            label="Transaction ID"
            value={transactionId}
            onChange={(e) => setTransactionId(e.target.value)}
            error={errors.transactionId}
          />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={running}>
            Purchase Aged Leads
          </Button>
          <Button type="button" variant="outline" disabled={running} onClick={() => setTransactionId(newTransactionId())}>
            New Transaction ID
          </Button>
        </div>
      </form>
      <TestResult outcome={outcome} />
    </TestSection>
  );
}
