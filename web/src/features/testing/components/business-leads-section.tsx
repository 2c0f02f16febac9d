import { useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { dollarsToCents } from '../../../lib/dollars-to-cents';
import { fetchMyBusinessLeads, purchaseBusinessLeads } from '../api/testing';
import { useTestRun } from '../hooks/use-test-run';
import { TestResult } from './test-result';
import { TestSection } from './test-section';

const QUANTITY = 'Quantity must be a whole number from 1 to 1,000';
const PRICE = 'Price per lead must be from $0.01 to $100.00';

/** purchase-business-leads (quantity 1-1,000, $0.01-$100 a lead, state at most 2 letters, city) and get-my-business-leads. */
export function BusinessLeadsSection() {
  const { outcome, running, run, fail } = useTestRun();
  const [quantity, setQuantity] = useState('10');
  const [price, setPrice] = useState('2.50');
  const [campaign, setCampaign] = useState('Test Business Leads');
  const [state, setState] = useState('');
  const [city, setCity] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const purchase = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const count = /^\d+$/.test(quantity.trim()) ? Number(quantity.trim()) : NaN;
    if (!(count >= 1 && count <= 1_000)) found.quantity = QUANTITY;
    const cents = dollarsToCents(price);
    if (cents === null || cents > 10_000) found.price = PRICE;
    if (campaign.trim() === '') found.campaign = 'Campaign name is required';
    if (!/^[A-Za-z]{0,2}$/.test(state.trim())) found.state = 'State is at most 2 letters, e.g. FL';
    setErrors(found);
    if (Object.keys(found).length > 0) return fail('Purchase Business Leads', Object.values(found).join(' '));
    void run('Purchase Business Leads', () =>
      purchaseBusinessLeads({
        quantity: count,
        pricePerLeadCents: cents!,
        campaign: campaign.trim(),
        filters: { state: state.trim().toUpperCase() || null, city: city.trim() || null },
      }),
    );
  };

  return (
    <TestSection
      id="business-leads"
      title="Business Leads Purchase"
      description="Buys business leads from the inventory at the price per lead you set (an admin's price, shown on the wallet line and in the audit log), charged to your wallet."
    >
      <form onSubmit={purchase} noValidate className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="business-quantity"
          name="quantity"
          label="Quantity (1-1,000)"
          inputMode="numeric"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={errors.quantity}
        />
        <FormField
          id="business-price"
          name="price"
          label="Price per Lead ($0.01-$100)"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.price}
        />
        <FormField
          id="business-campaign"
          name="campaign"
          label="Campaign"
          value={campaign}
          onChange={(e) => setCampaign(e.target.value)}
          error={errors.campaign}
        />
        <FormField
          id="business-state"
          name="state"
          label="State"
          maxLength={2}
          placeholder="FL"
          value={state}
          onChange={(e) => setState(e.target.value)}
          error={errors.state}
        />
        <FormField id="business-city" name="city" label="City" placeholder="Tampa" value={city} onChange={(e) => setCity(e.target.value)} />
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
          <Button type="submit" disabled={running}>
            Purchase Business Leads
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={running}
            onClick={() => void run('Get My Business Leads', fetchMyBusinessLeads, (answer) => answer.success)}
          >
            Get My Business Leads
          </Button>
        </div>
      </form>
      <TestResult outcome={outcome} />
    </TestSection>
  );
}
