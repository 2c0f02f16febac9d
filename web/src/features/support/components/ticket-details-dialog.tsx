import { TICKET_UPDATED_TOPIC, TICKETS_TOPIC } from '../../../../../src/modules/support/contracts/support-streams';
import { DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { formatShortDateTime } from '../../../lib/format';
import type { Ticket } from '../api/support';
import { AgentSla } from './agent-sla';
import { ConversationSection } from './conversation-section';
import { ConcernAndFiles, DetailSection, TicketAbout } from './detail-parts';
import { PriorityBadge, StatusBadge, WaitingBadge } from './ticket-badges';

const DOWNLOAD_FAILURE = { title: 'Error', fallback: 'Failed to download file' };
const REALTIME = [TICKETS_TOPIC, TICKET_UPDATED_TOPIC];

/** The agent's own ticket: its facts, the support team's notes and the conversation with them. */
export function TicketDetailsDialog({ ticket, onSent }: { ticket: Ticket; onSent: () => void }) {
  return (
    <DialogContent className="max-w-3xl">
      <DialogTitle>Ticket Details</DialogTitle>
      <DialogDescription>
        {ticket.systemProgram} · submitted {formatShortDateTime(ticket.createdAt)}
      </DialogDescription>
      <div className="flex flex-wrap gap-2">
        <PriorityBadge priority={ticket.priority} />
        <StatusBadge status={ticket.status} />
        {ticket.waitingOnAgent && <WaitingBadge />}
      </div>
      {ticket.reference && <TicketAbout reference={ticket.reference} className="rounded-md border border-slate-200 bg-slate-50 p-3" />}
      <AgentSla sla={ticket.sla} />
      <ConcernAndFiles ticket={ticket} concernTitle="Your Concern" downloadFailure={DOWNLOAD_FAILURE} />
      {ticket.adminNotes.trim() && (
        <DetailSection id="ticket-notes" title="Admin Updates & Notes">
          <p className="whitespace-pre-wrap rounded-md border border-blue-200 bg-blue-50 p-3 text-sm" data-testid="ticket-admin-notes">
            {ticket.adminNotes}
          </p>
        </DetailSection>
      )}
      {ticket.waitingOnAgent && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          The support team asked you something: reply below so they can carry on.
        </p>
      )}
      <ConversationSection ticketId={ticket.ticketId} reloadOn={REALTIME} onSent={onSent} />
    </DialogContent>
  );
}
