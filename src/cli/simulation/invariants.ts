import type pg from 'pg';

import type { AgedOrderEvent, LeadEvent } from '../../modules/marketplace/contracts/lead-events.js';
import { checkLink } from '../../modules/wallet/contracts/ledger-hash.js';
import { agentAccount, agentDebtAccount, postingsOf, type WalletEvent } from '../../modules/wallet/contracts/wallet-events.js';
import { availableCents, heldCents, walletDecider, type WalletState } from '../../modules/wallet/domain/wallet.decider.js';
import { START, type AllPosition, type EventStore, type RecordedEvent } from '../../platform/event-store/event-store.port.js';

/** Which invariant of money.md (or the marketplace's rules) broke, and where. */
export type Violation = { readonly invariant: string; readonly detail: string };

type HoldFold = { amount: number; captured: number; released: number; closed: boolean };
type WalletFold = { seq: number; prevHash: string; state: WalletState; holds: Map<string, HoldFold>; broken: boolean };
type LeadFold = { maxBuyers: number | null; duplicate: boolean; buyers: string[]; returned: boolean };

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1).get(key)!;

/**
 * Checks the invariants of ../shared/design/money.md on the database the portal writes:
 * the streams themselves (read in the event store's own global order, each event once, as
 * they are stored) after every step, and, once the portal has settled, that every process
 * finished (exactly-once credits) and that the read models equal a fresh fold of the streams.
 * Wallet events are checked as `npm run ledger:verify` checks them (hash chain, positive
 * postings, the agent's account never below zero), with holds counted as money.md asks.
 */
export class InvariantChecker {
  private position: AllPosition = START;
  readonly wallets = new Map<string, WalletFold>();
  private readonly accounts = new Map<string, number>();
  private readonly deposits = new Map<string, { count: number; amount: number; userId: string }>();
  private readonly captures = new Map<string, number>();
  private readonly leadCharges = new Map<string, number>();
  private readonly agedCharges = new Map<string, { count: number; amount: number }>();
  private readonly transfersSent = new Map<string, { count: number; amount: number; to: string }>();
  private readonly transfersReceived = new Map<string, { count: number; amount: number; userId: string }>();
  private readonly refunds = new Map<string, { count: number; amount: number; paymentId: string }>();
  private readonly returnCredits = new Map<string, number>();
  private readonly returnsApproved = new Set<string>();
  private readonly leads = new Map<string, LeadFold>();
  private readonly sales = new Set<string>();
  private readonly agedLeads = new Map<string, string>();
  private readonly agedOrders = new Map<string, { ownerId: string; priceCents: number }>();
  events = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
  ) {}

  /** Reads the events stored since the last call and checks what must hold at every moment. */
  async checkStreams(): Promise<Violation[]> {
    const found: Violation[] = [];
    for (;;) {
      const page = await this.store.readAll({ after: this.position, maxCount: 1_000 });
      if (page.length === 0) break;
      for (const event of page) {
        this.events += 1;
        this.position = event.position;
        if (event.streamId.startsWith('wallet-')) this.onWallet(event, found);
        else if (event.streamId.startsWith('lead-') && !event.streamId.startsWith('lead-vendor-'))
          this.onLead(event as unknown as RecordedEvent & LeadEvent, found);
        else if (event.streamId.startsWith('aged-order-')) this.onAgedOrder(event as unknown as RecordedEvent & AgedOrderEvent, found);
      }
    }
    let sum = 0;
    for (const cents of this.accounts.values()) sum += cents;
    if (sum !== 0) found.push({ invariant: '1. the sum of all accounts is 0', detail: `it is ${sum} cents` });
    return found;
  }

  private onWallet(recorded: RecordedEvent, found: Violation[]): void {
    const event = recorded as unknown as WalletEvent;
    const data = event.data as unknown as Record<string, unknown>;
    const userId = event.data.userId;
    const wallet = this.wallets.get(recorded.streamId) ?? { seq: 0, prevHash: '', state: walletDecider.initialState(), holds: new Map(), broken: false };
    this.wallets.set(recorded.streamId, wallet);
    const at = `${recorded.streamId} event ${recorded.streamVersion} (${event.type})`;
    const entry = data.entry as { seq?: unknown; prevHash?: unknown; hash?: unknown } | undefined;
    if (entry !== undefined) {
      const problem = checkLink(
        { seq: wallet.seq, hash: wallet.prevHash },
        { type: event.type, data, seq: entry.seq, prevHash: entry.prevHash, hash: entry.hash },
      );
      if (problem && !wallet.broken) {
        wallet.broken = true;
        found.push({ invariant: 'ledger hash chain (ledger:verify)', detail: `${at}: ${problem.what} expected ${problem.expected}, found ${problem.found}` });
      }
      wallet.seq = entry.seq as number;
      wallet.prevHash = entry.hash as string;
    }
    for (const posting of postingsOf(event)) {
      if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents <= 0) {
        found.push({
          invariant: 'every posting balanced, in positive whole cents',
          detail: `${at}: ${String(posting.amountCents)} from ${posting.from} to ${posting.to}`,
        });
      }
      this.accounts.set(posting.from, (this.accounts.get(posting.from) ?? 0) - posting.amountCents);
      this.accounts.set(posting.to, (this.accounts.get(posting.to) ?? 0) + posting.amountCents);
    }
    wallet.state = walletDecider.evolve(wallet.state, event);
    const agent = this.accounts.get(agentAccount(userId)) ?? 0;
    this.checkHold(event, wallet, at, found);
    const heldNow = [...wallet.holds.values()].reduce((sum, hold) => sum + (hold.closed ? 0 : hold.amount - hold.captured - hold.released), 0);
    if (agent < 0) found.push({ invariant: '2. no agent: account below zero', detail: `${at}: agent:${userId} = ${agent} cents` });
    else if (agent - heldNow < 0) {
      found.push({ invariant: '2. no agent: account below zero, holds included', detail: `${at}: posted ${agent} cents, held ${heldNow} cents` });
    }
    if (agent !== wallet.state.postedCents)
      found.push({
        invariant: '4. the wallet decider agrees with the postings',
        detail: `${at}: postings give ${agent}, the decider's fold ${wallet.state.postedCents}`,
      });

    switch (event.type) {
      case 'FundsDeposited': {
        const deposit = this.deposits.get(event.data.paymentId) ?? { count: 0, amount: event.data.amountCents, userId };
        deposit.count += 1;
        this.deposits.set(event.data.paymentId, deposit);
        if (deposit.count > 1)
          found.push({
            invariant: '3. each successful card payment is credited exactly once',
            detail: `${at}: payment ${event.data.paymentId} credited ${deposit.count} times`,
          });
        break;
      }
      case 'HoldCaptured':
      case 'WalletCharged': {
        const cause = event.data.cause;
        // A capture id is unique on its wallet (a lead sold to three agents is captured once on each of their wallets).
        if (event.type === 'HoldCaptured' && count(this.captures, `${userId}:${event.data.captureId}`) > 1)
          found.push({ invariant: '3. each capture once', detail: `${at}: capture ${event.data.captureId} twice` });
        if (cause.kind === 'lead' && count(this.leadCharges, `${userId}:${cause.id}`) > 1) {
          found.push({ invariant: '3. each lead is charged exactly once', detail: `${at}: lead ${cause.id} charged to ${userId} again` });
        }
        if (cause.kind === 'aged-package') {
          const charge = this.agedCharges.get(cause.id) ?? { count: 0, amount: 0 };
          charge.count += 1;
          charge.amount += event.data.amountCents;
          this.agedCharges.set(cause.id, charge);
          if (charge.count > 1)
            found.push({ invariant: '3. each aged package is charged exactly once', detail: `${at}: order ${cause.id} charged ${charge.count} times` });
        }
        break;
      }
      case 'TransferSent': {
        const sent = this.transfersSent.get(event.data.transferId) ?? { count: 0, amount: event.data.amountCents, to: event.data.recipientUserId };
        sent.count += 1;
        this.transfersSent.set(event.data.transferId, sent);
        if (sent.count > 1)
          found.push({ invariant: '3. each transfer debited once', detail: `${at}: transfer ${event.data.transferId} sent ${sent.count} times` });
        break;
      }
      case 'TransferReceived': {
        const received = this.transfersReceived.get(event.data.transferId) ?? { count: 0, amount: event.data.amountCents, userId };
        received.count += 1;
        this.transfersReceived.set(event.data.transferId, received);
        const sent = this.transfersSent.get(event.data.transferId);
        if (received.count > 1)
          found.push({
            invariant: "3. each transfer's debit has exactly one matching credit",
            detail: `${at}: transfer ${event.data.transferId} credited ${received.count} times`,
          });
        if (sent && (sent.amount !== received.amount || sent.to !== userId)) {
          found.push({
            invariant: "3. each transfer's debit has exactly one matching credit",
            detail: `${at}: sent ${sent.amount} to ${sent.to}, received ${received.amount} by ${userId}`,
          });
        }
        break;
      }
      case 'PaymentRefunded': {
        const refund = this.refunds.get(event.data.refundId) ?? { count: 0, amount: event.data.amountCents, paymentId: event.data.paymentId };
        refund.count += 1;
        this.refunds.set(event.data.refundId, refund);
        if (refund.count > 1)
          found.push({ invariant: '3. each refund taken once', detail: `${at}: refund ${event.data.refundId} taken ${refund.count} times` });
        const deposit = this.deposits.get(event.data.paymentId);
        const refunded = [...this.refunds.values()].filter((r) => r.paymentId === event.data.paymentId).reduce((sum, r) => sum + r.amount, 0);
        if (deposit && refunded > deposit.amount)
          found.push({ invariant: 'refunds never exceed the payment', detail: `${at}: ${refunded} cents refunded of a ${deposit.amount}-cent payment` });
        break;
      }
      case 'LeadReturnCredited':
        if (count(this.returnCredits, event.data.returnId) > 1)
          found.push({ invariant: '3. each approved return credited once', detail: `${at}: return ${event.data.returnId} credited again` });
        break;
      default:
        break;
    }
  }

  private checkHold(event: WalletEvent, wallet: WalletFold, at: string, found: Violation[]): void {
    const invariant = "5. a hold's captures never exceed its amount; a released or expired hold captures nothing";
    switch (event.type) {
      case 'HoldPlaced':
        if (wallet.holds.has(event.data.holdId)) found.push({ invariant, detail: `${at}: hold ${event.data.holdId} placed twice` });
        wallet.holds.set(event.data.holdId, { amount: event.data.amountCents, captured: 0, released: 0, closed: false });
        return;
      case 'HoldIncreased':
      case 'HoldCaptured':
      case 'HoldReleased':
      case 'HoldExpired': {
        const hold = wallet.holds.get(event.data.holdId);
        if (!hold) return void found.push({ invariant, detail: `${at}: no hold ${event.data.holdId}` });
        if (hold.closed) return void found.push({ invariant, detail: `${at}: hold ${event.data.holdId} is closed` });
        if (event.type === 'HoldIncreased') hold.amount += event.data.amountCents;
        if (event.type === 'HoldCaptured') hold.captured += event.data.amountCents;
        if (event.type === 'HoldReleased' || event.type === 'HoldExpired') hold.released += event.data.amountCents;
        if (event.type === 'HoldExpired' || (event.type === 'HoldReleased' && event.data.closed)) hold.closed = true;
        if (hold.captured + hold.released > hold.amount) {
          found.push({
            invariant,
            detail: `${at}: hold ${event.data.holdId} of ${hold.amount} cents has ${hold.captured} captured and ${hold.released} released`,
          });
        }
        return;
      }
      default:
        return;
    }
  }

  private onLead(event: RecordedEvent & LeadEvent, found: Violation[]): void {
    const leadId = event.data.leadId;
    const lead = this.leads.get(leadId) ?? { maxBuyers: null, duplicate: false, buyers: [], returned: false };
    this.leads.set(leadId, lead);
    const at = `${event.streamId} event ${event.streamVersion} (${event.type})`;
    switch (event.type) {
      case 'LeadReceived':
        lead.duplicate = event.data.duplicateOf !== null;
        return;
      case 'LeadOffered':
        lead.maxBuyers = event.data.maxBuyers;
        return;
      case 'LeadSold': {
        const invariant = 'each lead sold at most its max buyers, never twice to one agent';
        if (lead.buyers.includes(event.data.ownerId)) found.push({ invariant, detail: `${at}: lead ${leadId} sold to ${event.data.ownerId} again` });
        lead.buyers.push(event.data.ownerId);
        this.sales.add(`${event.data.ownerId}:${leadId}`);
        if (lead.maxBuyers !== null && lead.buyers.length > lead.maxBuyers)
          found.push({ invariant, detail: `${at}: lead ${leadId} sold ${lead.buyers.length} times, max ${lead.maxBuyers}` });
        if (lead.duplicate) found.push({ invariant: 'a duplicate lead is never sold', detail: `${at}: lead ${leadId}` });
        if (lead.returned) found.push({ invariant: 'a returned lead is never sold again', detail: `${at}: lead ${leadId}` });
        return;
      }
      case 'LeadReturnApproved':
        lead.returned = true;
        this.returnsApproved.add(event.data.returnId);
        return;
      default:
        return;
    }
  }

  private onAgedOrder(event: RecordedEvent & AgedOrderEvent, found: Violation[]): void {
    if (event.type !== 'AgedOrderPlaced') return;
    this.agedOrders.set(event.data.orderId, { ownerId: event.data.ownerId, priceCents: event.data.priceCents });
    for (const leadId of event.data.leadIds) {
      const earlier = this.agedLeads.get(leadId);
      if (earlier && earlier !== event.data.orderId)
        found.push({ invariant: 'an aged lead is sold in one package only', detail: `aged lead ${leadId} in orders ${earlier} and ${event.data.orderId}` });
      this.agedLeads.set(leadId, event.data.orderId);
    }
  }

  /** Once every process has finished: what must have happened exactly once has, and the read models equal the fold. */
  async checkSettled(): Promise<Violation[]> {
    const found: Violation[] = [];
    const { rows: payments } = await this.pool.query<{ id: string; user_id: string; amount_cents: number }>(
      `SELECT id, user_id, amount_cents FROM demo_pay_payments WHERE status = 'succeeded'`,
    );
    for (const payment of payments) {
      const deposit = this.deposits.get(payment.id);
      if (!deposit)
        found.push({
          invariant: '3. each successful card payment is credited exactly once',
          detail: `payment ${payment.id} (${payment.amount_cents} cents, user ${payment.user_id}) never credited`,
        });
      else if (deposit.amount !== payment.amount_cents || deposit.userId !== payment.user_id) {
        found.push({
          invariant: '3. each successful card payment is credited exactly once',
          detail: `payment ${payment.id} of ${payment.amount_cents} cents credited ${deposit.amount} cents to ${deposit.userId}`,
        });
      }
    }
    const succeeded = new Set(payments.map((p) => p.id));
    for (const paymentId of this.deposits.keys()) {
      if (!succeeded.has(paymentId))
        found.push({
          invariant: '3. each successful card payment is credited exactly once',
          detail: `payment ${paymentId} credited but not succeeded at the provider`,
        });
    }
    const { rows: refunds } = await this.pool.query<{ id: string; payment_id: string; amount_cents: number }>(
      `SELECT id, payment_id, amount_cents FROM demo_pay_refunds`,
    );
    for (const refund of refunds) {
      const taken = this.refunds.get(refund.id);
      if (!taken || taken.amount !== refund.amount_cents)
        found.push({
          invariant: 'each refund at the provider is taken from the wallet once',
          detail: `refund ${refund.id} of ${refund.amount_cents} cents on ${refund.payment_id}: wallet took ${taken?.amount ?? 'nothing'}`,
        });
    }
    for (const sale of this.sales) {
      if (!this.leadCharges.has(sale)) found.push({ invariant: '3. each lead is charged exactly once', detail: `sale ${sale} (owner:lead) never charged` });
    }
    for (const charge of this.leadCharges.keys()) {
      if (!this.sales.has(charge))
        found.push({ invariant: '3. each lead is charged exactly once', detail: `charge ${charge} (owner:lead) for a lead not sold to that agent` });
    }
    for (const [orderId, order] of this.agedOrders) {
      const charge = this.agedCharges.get(orderId);
      if (!charge || charge.amount !== order.priceCents)
        found.push({
          invariant: '3. each aged package is charged exactly once',
          detail: `order ${orderId} of ${order.priceCents} cents charged ${charge?.amount ?? 'nothing'}`,
        });
    }
    for (const [transferId, sent] of this.transfersSent) {
      if (!this.transfersReceived.has(transferId))
        found.push({
          invariant: "3. each transfer's debit has exactly one matching credit",
          detail: `transfer ${transferId} of ${sent.amount} cents to ${sent.to} never received`,
        });
    }
    for (const transferId of this.transfersReceived.keys()) {
      if (!this.transfersSent.has(transferId))
        found.push({ invariant: "3. each transfer's debit has exactly one matching credit", detail: `transfer ${transferId} received but never sent` });
    }
    for (const returnId of this.returnsApproved) {
      if (!this.returnCredits.has(returnId))
        found.push({ invariant: '3. each approved return credited once', detail: `return ${returnId} approved but never credited` });
    }
    for (const returnId of this.returnCredits.keys()) {
      if (!this.returnsApproved.has(returnId))
        found.push({ invariant: '3. each approved return credited once', detail: `return ${returnId} credited but not approved` });
    }
    found.push(...(await this.checkReadModels()));
    return found;
  }

  /** 4. The read models equal a fresh fold of the streams. */
  private async checkReadModels(): Promise<Violation[]> {
    const found: Violation[] = [];
    const invariant = '4. the read models equal a fresh fold of the streams';
    const { rows } = await this.pool.query<{ user_id: string; available_cents: string; held_cents: string; posted_cents: string; debt_cents: string }>(
      `SELECT user_id, available_cents, held_cents, posted_cents, debt_cents FROM rm_wallet_balances`,
    );
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    for (const [streamId, wallet] of this.wallets) {
      const userId = streamId.slice('wallet-'.length);
      const row = byUser.get(userId);
      const fold = { available: availableCents(wallet.state), held: heldCents(wallet.state), posted: wallet.state.postedCents, debt: wallet.state.debtCents };
      const read = row
        ? { available: Number(row.available_cents), held: Number(row.held_cents), posted: Number(row.posted_cents), debt: Number(row.debt_cents) }
        : null;
      if (JSON.stringify(fold) !== JSON.stringify(read))
        found.push({ invariant, detail: `rm_wallet_balances of ${userId}: ${JSON.stringify(read)}, the fold ${JSON.stringify(fold)}` });
      const debtAccount = -(this.accounts.get(agentDebtAccount(userId)) ?? 0);
      if (debtAccount !== wallet.state.debtCents)
        found.push({ invariant, detail: `debt of ${userId}: postings ${debtAccount}, the fold ${wallet.state.debtCents}` });
    }
    const { rows: accounts } = await this.pool.query<{ account: string; balance_cents: string }>(`SELECT account, balance_cents FROM rm_ledger_accounts`);
    const read = new Map(accounts.map((row) => [row.account, Number(row.balance_cents)]));
    for (const [account, cents] of this.accounts) {
      if ((read.get(account) ?? 0) !== cents)
        found.push({ invariant, detail: `rm_ledger_accounts ${account}: ${read.get(account) ?? 'no row'}, the postings ${cents}` });
    }
    return found;
  }
}
