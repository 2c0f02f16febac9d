import { ArrowLeft, Eye, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { TICKET_UPDATED_TOPIC, TICKETS_TOPIC } from '../../../../src/modules/support/contracts/support-streams';
import { TICKET_STATUSES } from '../../../../src/modules/support/contracts/ticket-values';
import { useHelpRequestDialog } from '../../app/help-request-dialog-store';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { SearchBox } from '../../components/ui/search-box';
import { toast } from '../../components/ui/toast-store';
import { formatShortDateTime } from '../../lib/format';
import { onRealtimeNotice } from '../../lib/realtime';
import { useApiQuery } from '../../lib/use-api-query';
import { useSettledText } from '../../lib/use-settled-text';
import { deleteTicket, fetchMyTickets, type Ticket } from './api/support';
import { TicketAbout } from './components/detail-parts';
import { optionsOf, SelectField } from './components/select-field';
import { PriorityBadge, StatusBadge, WaitingBadge } from './components/ticket-badges';
import { TicketDetailsDialog } from './components/ticket-details-dialog';

/** A ticket's View and, while the support team has not answered a To Do ticket, Delete. */
function TicketActions({ ticket, onView, onDelete }: { ticket: Ticket; onView: (ticket: Ticket) => void; onDelete: (ticket: Ticket) => void }) {
  return (
    <div className="mt-3 flex gap-1 sm:mt-0">
      <Button size="sm" variant="outline" onClick={() => onView(ticket)} aria-label={`View ticket about ${ticket.systemProgram}`}>
        <Eye className="h-4 w-4" aria-hidden /> View
      </Button>
      {ticket.status === 'To Do' && ticket.lastReplySide !== 'admin' && (
        <Button size="sm" variant="outline" onClick={() => onDelete(ticket)} aria-label={`Delete ticket about ${ticket.systemProgram}`}>
          <Trash2 className="h-4 w-4" aria-hidden /> Delete
        </Button>
      )}
    </div>
  );
}

/** /my-tickets: the agent's own help requests, reloaded whenever the support team changes one. */
export function MyTicketsPage() {
  const navigate = useNavigate();
  const openHelp = useHelpRequestDialog((s) => s.show);
  const [status, setStatus] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useSettledText(searchText);
  const [viewing, setViewing] = useState<Ticket | null>(null);
  const [deleting, setDeleting] = useState<Ticket | null>(null);
  const tickets = useApiQuery(`/api/support/tickets?status=${status}&q=${search}`, () => fetchMyTickets(status, search), {
    failure: 'Failed to load your tickets',
    reloadOn: [TICKETS_TOPIC, TICKET_UPDATED_TOPIC],
  });
  useEffect(
    () => onRealtimeNotice(TICKET_UPDATED_TOPIC, () => toast({ title: 'Ticket Updated', description: 'The support team updated one of your tickets.' })),
    [],
  );
  const rows = tickets.data?.tickets ?? [];
  // /my-tickets?ticket=<id> (the link in the toast after a help request is sent) opens that ticket once the list holds it.
  const [params, setParams] = useSearchParams();
  const wanted = params.get('ticket');
  const wantedRow = wanted ? rows.find((row) => row.ticketId === wanted) : undefined;
  useEffect(() => {
    if (!wantedRow) return;
    setViewing(wantedRow);
    setParams(
      (current) => {
        current.delete('ticket');
        return current;
      },
      { replace: true },
    );
  }, [wantedRow, setParams]);
  // The open dialog follows the reloaded list, so an update shows in it too.
  const shown = viewing ? (rows.find((row) => row.ticketId === viewing.ticketId) ?? viewing) : null;

  const remove = async (ticket: Ticket) => {
    setDeleting(null);
    try {
      await deleteTicket(ticket.ticketId);
      tickets.update((data) => data && { tickets: data.tickets.filter((row) => row.ticketId !== ticket.ticketId) });
      toast({ title: 'Success', description: 'Ticket deleted successfully' });
    } catch (error) {
      toast({ title: 'Failed to delete ticket', description: error instanceof Error ? error.message : 'An unexpected error occurred', variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={() => navigate(-1)}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back
        </Button>
        <h1 className="text-2xl font-bold text-brand-900">My Support Tickets</h1>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-full max-w-xs">
          <SelectField id="tickets-status" label="Status" value={status} onChange={setStatus} options={optionsOf(TICKET_STATUSES)} placeholder="All Statuses" />
        </div>
        <SearchBox
          label="Search your tickets"
          placeholder="Search your tickets and replies"
          value={searchText}
          onChange={setSearchText}
          className="w-full sm:w-80"
        />
      </div>
      {tickets.loading ? (
        <p role="status" className="text-slate-600">
          Loading your tickets...
        </p>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center" data-testid="tickets-empty">
          <p className="font-medium text-slate-900">No tickets found</p>
          <p className="mt-1 text-sm text-slate-600">
            Need help? Submit a help request from the{' '}
            <button type="button" className="text-brand-700 underline" onClick={() => openHelp()}>
              support form
            </button>
            .
          </p>
        </div>
      ) : (
        <>
          {/* On a phone each ticket is a card with its actions in view; from sm up, the table. */}
          <ul className="space-y-3 sm:hidden" aria-label="Your tickets" data-testid="my-tickets-cards">
            {rows.map((ticket) => (
              <li key={ticket.ticketId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{ticket.systemProgram}</p>
                    {ticket.reference && <TicketAbout reference={ticket.reference} className="mt-0.5 text-xs" />}
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <PriorityBadge priority={ticket.priority} />
                    <StatusBadge status={ticket.status} />
                    {ticket.waitingOnAgent && <WaitingBadge />}
                  </div>
                </div>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600">
                  <dt>Created</dt>
                  <dd>{formatShortDateTime(ticket.createdAt)}</dd>
                  <dt>Last Updated</dt>
                  <dd>{formatShortDateTime(ticket.updatedAt)}</dd>
                </dl>
                <TicketActions ticket={ticket} onView={setViewing} onDelete={setDeleting} />
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block">
            <table className="w-full text-left text-sm" data-testid="my-tickets">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {['System/Program', 'Priority', 'Status', 'Created', 'Last Updated', 'Actions'].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((ticket) => (
                  <tr key={ticket.ticketId} className="border-t border-slate-100">
                    <td className="px-3 py-2">
                      {ticket.systemProgram}
                      {ticket.reference && <TicketAbout reference={ticket.reference} className="mt-0.5 max-w-xs text-xs" />}
                    </td>
                    <td className="px-3 py-2">
                      <PriorityBadge priority={ticket.priority} />
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-1">
                        <StatusBadge status={ticket.status} />
                        {ticket.waitingOnAgent && <WaitingBadge />}
                      </div>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatShortDateTime(ticket.createdAt)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatShortDateTime(ticket.updatedAt)}</td>
                    <td className="px-3 py-2">
                      <TicketActions ticket={ticket} onView={setViewing} onDelete={setDeleting} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Dialog open={shown !== null} onOpenChange={(open) => !open && setViewing(null)}>
        {shown && <TicketDetailsDialog key={shown.ticketId} ticket={shown} onSent={() => void tickets.reload()} />}
      </Dialog>
      <ConfirmDialog
        subject={deleting}
        title="Delete Ticket"
        description={() => 'Are you sure you want to delete this ticket? This cannot be undone.'}
        confirmLabel="Delete"
        onConfirm={(ticket) => void remove(ticket)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
