import type { Ticket } from '../api/support';
import { agentSlaText } from './sla-text';

/** The agent's SLA line in their ticket's details (nothing for a request from before the clocks). */
export function AgentSla({ sla }: { sla: Ticket['sla'] }) {
  const text = agentSlaText(sla);
  return text ? (
    <p className="text-sm text-slate-700" data-testid="ticket-sla">
      {text}
    </p>
  ) : null;
}
