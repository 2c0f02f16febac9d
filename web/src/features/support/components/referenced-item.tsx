import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';

import { fetchReturnReasons } from '../../../app/api/leads';
import type { ExplainedEntry } from '../../../app/api/wallet';
import { DeliveryStatusBadge, destinationName } from '../../../components/delivery-status-badge';
import { actorLabel, shownAmount, typeLabel } from '../../../components/ledger/entry-labels';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { formatDateTime } from '../../../lib/format';
import { sourceLabel, tierLabel } from '../../../lib/lead-sources';
import { formatCents } from '../../../lib/money';
import { formatPhone } from '../../../lib/phone';
import { useApiQuery } from '../../../lib/use-api-query';
import {
  fetchTicketReference,
  startLeadReturn,
  type AssistantConversation,
  type DeliveryHistory,
  type LeadHistory,
  type TicketReference,
} from '../api/support';
import { DetailSection, TextAreaField } from './detail-parts';
import { EntryRefundPart } from './entry-refund';
import { SelectField } from './select-field';

type LeadReturn = NonNullable<LeadHistory['leadReturn']>;

const MAX_RETURN_COMMENT = 1_000;
/**
 * After a return is started, when the section and the timeline load again: the lead's read model
 * and the process that writes the request's timeline record it a moment after the answer, and
 * nothing tells an admin's page when they have.
 */
const FOLLOW_UP_MS = [500, 1_500, 4_000, 8_000];

const GONE: Record<TicketReference['kind'], string> = {
  'wallet-entry': 'This entry is no longer in the agent’s wallet history.',
  lead: 'The agent no longer has this lead.',
  delivery: 'This delivery is no longer in the agent’s delivery log.',
  'assistant-conversation': 'This conversation is no longer kept.',
};

/** The agent's conversation with the assistant, as it was kept: each question and answer with its time and the pages cited. */
function Transcript({ conversation }: { conversation: AssistantConversation }) {
  return (
    <ol className="space-y-2 text-sm" aria-label="Transcript">
      {conversation.messages.map((message, index) => (
        <li key={index} className={message.role === 'user' ? 'rounded-md bg-brand-50 p-2' : 'rounded-md bg-slate-50 p-2'}>
          <p className="text-xs text-slate-600">
            {message.role === 'user' ? 'Agent' : 'Assistant'} · {formatDateTime(message.at)}
          </p>
          <p className="whitespace-pre-wrap break-words text-slate-900">{message.content}</p>
          {message.sources.length > 0 && <p className="text-xs text-slate-600">From: {message.sources.map((source) => source.title).join(', ')}</p>}
        </li>
      ))}
    </ol>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">{children}</dl>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </>
  );
}

/** '$0.00 → $25.00', read as 'changed to' by a screen reader. */
function BeforeAfter({ before, after }: { before: number; after: number }) {
  return (
    <span className="tabular-nums">
      {formatCents(before)} <span aria-hidden>→</span>
      <span className="sr-only">changed to</span> {formatCents(after)}
    </span>
  );
}

function WalletEntry({ explained }: { explained: ExplainedEntry }) {
  const { entry, before, after, chain } = explained;
  return (
    <div className="space-y-2">
      <Facts>
        <Fact term="Entry">
          #{entry.seq} · {typeLabel(entry)}
          {entry.isTestCredit && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Test credit</span>}
        </Fact>
        <Fact term="Description">{entry.description}</Fact>
        <Fact term="Amount">
          <span className="font-semibold tabular-nums">{shownAmount(entry).text}</span>
          {shownAmount(entry).fromReserve && <span className="ml-1 text-slate-600">from reserve</span>}
        </Fact>
        <Fact term="Available">
          <BeforeAfter before={before.availableCents} after={after.availableCents} />
        </Fact>
        <Fact term="Reserved (holds)">
          <BeforeAfter before={before.heldCents} after={after.heldCents} />
        </Fact>
        <Fact term="Posted">
          <BeforeAfter before={before.postedCents} after={after.postedCents} />
        </Fact>
        <Fact term="By">{actorLabel(entry.actor)}</Fact>
        <Fact term="When">{formatDateTime(entry.occurredAt)}</Fact>
      </Facts>
      {chain.verified ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-800" data-testid="reference-chain-verified">
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden /> Chain verified up to entry {chain.throughSeq}
        </p>
      ) : (
        <p className="flex items-start gap-1.5 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="reference-chain-broken">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            Chain broken at entry {chain.firstBreak?.seq}: {chain.firstBreak?.message}
          </span>
        </p>
      )}
    </div>
  );
}

/** The return reasons agents choose from (My Leads' return dialog), and the return window. */
const useReturnReasons = () => useApiQuery('/api/leads/return-reasons', fetchReturnReasons, { failure: 'Failed to load the return reasons' }).data;

function ReturnFacts({ leadReturn, priceCents }: { leadReturn: LeadReturn; priceCents: number }) {
  const reasons = useReturnReasons()?.reasons;
  const status =
    leadReturn.status === 'pending' ? 'Return pending' : leadReturn.status === 'approved' ? `Returned, ${formatCents(priceCents)} credited` : 'Return denied';
  return (
    <>
      <Fact term="Return">
        {status}, asked {formatDateTime(leadReturn.requestedAt)}
        {leadReturn.reviewedAt && `, reviewed ${formatDateTime(leadReturn.reviewedAt)}`}
      </Fact>
      <Fact term="Return reason">
        {reasons?.find((reason) => reason.code === leadReturn.reason)?.label ?? leadReturn.reason}
        {leadReturn.comment && `: “${leadReturn.comment}”`}
      </Fact>
      {leadReturn.denyReason && <Fact term="Denied because">{leadReturn.denyReason}</Fact>}
    </>
  );
}

function LeadFacts({ lead }: { lead: LeadHistory }) {
  return (
    <Facts>
      <Fact term="Person">
        {lead.name} · {formatPhone(lead.phone)}
        {lead.email && ` · ${lead.email}`}
      </Fact>
      <Fact term="State">{lead.state}</Fact>
      <Fact term="Lead">
        {sourceLabel(lead.source)} · {tierLabel(lead.source, lead.tier)}
      </Fact>
      <Fact term="Campaign">{lead.campaignName ?? 'Aged-lead package'}</Fact>
      <Fact term="Price">
        <span className="tabular-nums">{formatCents(lead.priceCents)}</span>
      </Fact>
      <Fact term="Bought">{formatDateTime(lead.boughtAt)}</Fact>
      {lead.leadReturn ? <ReturnFacts leadReturn={lead.leadReturn} priceCents={lead.priceCents} /> : <Fact term="Return">Not returned</Fact>}
    </Facts>
  );
}

const DAY_MS = 86_400_000;

/**
 * The return of the lead, when one can be started from the request: an aged lead is sold as it
 * is, and a request made after the return window cannot open one; both are said up front.
 */
function ReturnPart({
  ticketId,
  lead,
  askedAt,
  onStarted,
}: {
  ticketId: string;
  lead: LeadHistory;
  askedAt: string;
  onStarted: (started: LeadReturn) => void;
}) {
  const windowDays = useReturnReasons()?.windowDays;
  const afterDays = (Date.parse(askedAt) - Date.parse(lead.boughtAt)) / DAY_MS;
  const why =
    lead.campaignName === null
      ? `${lead.source === 'business' ? 'Business leads' : 'Aged leads'} are sold as they are and cannot be returned.`
      : windowDays !== undefined && afterDays > windowDays
        ? `The agent asked ${Math.floor(afterDays)} days after buying it; a lead can be returned within ${windowDays} days of buying it.`
        : null;
  if (why)
    return (
      <Part title="Return">
        <p className="text-sm text-slate-700" data-testid="return-not-possible">
          {why}
        </p>
      </Part>
    );
  return <StartReturn ticketId={ticketId} onStarted={onStarted} />;
}

/** Starts the lead's return for the agent, from the request: it then waits for review in Lead Returns like the agent's own. */
function StartReturn({ ticketId, onStarted }: { ticketId: string; onStarted: (started: LeadReturn) => void }) {
  const choices = useReturnReasons();
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setRefusal('Choose why the lead is returned.');
    setSending(true);
    setRefusal(null);
    try {
      const { returnId } = await startLeadReturn(ticketId, { reason, comment: comment.trim() });
      toast({ title: 'Return started', description: 'It waits for review in Lead Returns; approving it gives the price back to the agent.' });
      onStarted({ returnId, status: 'pending', reason, comment: comment.trim(), denyReason: null, requestedAt: new Date().toISOString(), reviewedAt: null });
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : 'The return could not be started. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <Part title="Start a return">
      <form className="space-y-2" onSubmit={(event) => void submit(event)} noValidate aria-describedby={refusal ? 'ticket-return-refusal' : undefined}>
        <p className="text-sm text-slate-700">
          Returns this lead for the agent, counted from when they asked
          {choices ? ` (within ${choices.windowDays} days of buying it)` : ''}. It waits for review in Lead Returns.
        </p>
        <div className="grid gap-2 sm:grid-cols-[14rem_minmax(0,1fr)]">
          <SelectField
            id="ticket-return-reason"
            label="Return reason"
            value={reason}
            onChange={(value) => {
              setReason(value);
              setRefusal(null);
            }}
            options={(choices?.reasons ?? []).map((choice) => ({ value: choice.code, label: choice.label }))}
            placeholder="Choose a reason"
          />
          <TextAreaField
            id="ticket-return-comment"
            label="Return comment (optional)"
            value={comment}
            onChange={setComment}
            rows={1}
            maxLength={MAX_RETURN_COMMENT}
          />
        </div>
        {refusal && (
          <p id="ticket-return-refusal" role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={sending}>
            {sending ? 'Starting...' : 'Start the return'}
          </Button>
        </div>
      </form>
    </Part>
  );
}

function Attempts({ delivery }: { delivery: DeliveryHistory }) {
  if (delivery.attempts.length === 0)
    return <p className="text-sm text-slate-700">No attempt yet{delivery.status === 'held' ? ': held while the integration is turned off.' : '.'}</p>;
  return (
    <ol className="space-y-1 text-sm" aria-label={`Attempts to send to ${destinationName(delivery)}`}>
      {delivery.attempts.map((attempt) => (
        <li key={attempt.attempt} className="border-l-2 border-slate-200 pl-2">
          <span className="text-slate-900">
            Attempt {attempt.attempt} · {formatDateTime(attempt.startedAt)} ·{' '}
            {attempt.status ? `HTTP ${attempt.status}` : attempt.ok ? 'accepted' : 'no HTTP answer'} ·{' '}
          </span>
          <span className={attempt.ok ? 'font-medium text-emerald-800' : 'font-medium text-red-800'}>{attempt.ok ? 'delivered' : 'failed'}</span>
          {attempt.error && <span className="block break-words text-red-800">{attempt.error}</span>}
        </li>
      ))}
    </ol>
  );
}

function DeliveryFacts({ delivery }: { delivery: DeliveryHistory }) {
  return (
    <div className="space-y-1.5">
      <Facts>
        <Fact term="Integration">{destinationName(delivery)}</Fact>
        <Fact term="Status">
          <DeliveryStatusBadge status={delivery.status} />
          {delivery.isTest && ' (test send)'}
        </Fact>
        <Fact term="Created">{formatDateTime(delivery.createdAt)}</Fact>
        {delivery.succeededAt && <Fact term="Delivered">{formatDateTime(delivery.succeededAt)}</Fact>}
        {delivery.status === 'pending' && delivery.nextAttemptAt && <Fact term="Next try">{formatDateTime(delivery.nextAttemptAt)}</Fact>}
      </Facts>
      <Attempts delivery={delivery} />
    </div>
  );
}

/** A subheading inside the section ('Deliveries', 'The lead'). */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5 border-t border-slate-200 pt-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      {children}
    </div>
  );
}

/**
 * "About this item" in an admin's view of a request opened from 'Report a problem': the wallet
 * entry explained (balances before and after, the chain checked up to it), the lead with its sale,
 * return and deliveries, or the delivery with its attempts and its lead, as they stand now.
 */
export function ReferencedItemSection({
  ticketId,
  reference,
  onActionTaken,
  reloadOn,
  askedAt,
}: {
  ticketId: string;
  reference: TicketReference;
  /** When the agent made the request: a return started from it counts its window to then. */
  askedAt: string;
  /** A return was started or a refund given here: the request's timeline gains its entry. */
  onActionTaken: () => void;
  /** The realtime topics on which the item loads again (a return approved elsewhere). */
  reloadOn: readonly string[];
}) {
  const { data, loading, reload } = useApiQuery(`ticket-reference-${ticketId}`, () => fetchTicketReference(ticketId), {
    failure: 'Failed to load the item this request is about',
    reloadOn,
  });
  // The return just started, shown until the server's answer has it.
  const [started, setStarted] = useState<LeadReturn | null>(null);
  useEffect(() => {
    if (!started) return;
    const timers = FOLLOW_UP_MS.map((ms) =>
      setTimeout(() => {
        void reload();
        onActionTaken();
      }, ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [started]);
  return (
    <DetailSection id="ticket-about" title="About this item">
      <div className="space-y-2 rounded-md border border-slate-200 p-3" data-testid="referenced-item">
        <p className="break-words text-sm text-slate-700">
          <span className="font-medium text-slate-900">Reported from:</span> {reference.label}
        </p>
        {loading ? (
          <p role="status" className="text-sm text-slate-600">
            Loading the item...
          </p>
        ) : !data?.item ? (
          <p className="text-sm text-slate-700">{data ? GONE[reference.kind] : 'The item could not be loaded.'}</p>
        ) : data.kind === 'wallet-entry' ? (
          <>
            <WalletEntry explained={data.item} />
            <Part title="Refund">
              <EntryRefundPart
                ticketId={ticketId}
                refund={data.item.refund}
                onRefunded={() => {
                  void reload();
                  onActionTaken();
                }}
              />
            </Part>
          </>
        ) : data.kind === 'lead' ? (
          <>
            <LeadFacts lead={{ ...data.item.lead, leadReturn: data.item.lead.leadReturn ?? started }} />
            {!data.item.lead.leadReturn && !started && <ReturnPart ticketId={ticketId} lead={data.item.lead} askedAt={askedAt} onStarted={setStarted} />}
            <Part title="Deliveries">
              {data.item.deliveries.length === 0 ? (
                <p className="text-sm text-slate-700">Not sent to any integration.</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {data.item.deliveries.map((delivery) => (
                    <li key={delivery.deliveryId} className="py-2 first:pt-0 last:pb-0">
                      <DeliveryFacts delivery={delivery} />
                    </li>
                  ))}
                </ul>
              )}
            </Part>
          </>
        ) : data.kind === 'delivery' ? (
          <>
            <DeliveryFacts delivery={data.item.delivery} />
            <Part title="The lead">
              {data.item.lead ? (
                <LeadFacts lead={data.item.lead} />
              ) : (
                <p className="text-sm text-slate-700">{data.item.delivery.isTest ? 'A sample lead (a test send).' : 'The agent no longer has this lead.'}</p>
              )}
            </Part>
          </>
        ) : data.kind === 'assistant-conversation' ? (
          <Transcript conversation={data.item} />
        ) : null}
      </div>
    </DetailSection>
  );
}
