import type { CommandBus } from '@nestjs/cqrs';

import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { systemContext } from '../../../platform/event-store/new-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { KeepConversationForTicket } from '../commands/keep-conversation-for-ticket/keep-conversation-for-ticket.command.js';
import { PurgeExpiredConversations } from '../commands/purge-expired-conversations/purge-expired-conversations.command.js';
import { ReleaseConversationFromTicket } from '../commands/release-conversation-from-ticket/release-conversation-from-ticket.command.js';

export const PURGE_EXPIRED_CONVERSATIONS = 'purge-expired-assistant-conversations';
export const KEEP_CONVERSATION_FOR_TICKET = 'keep-assistant-conversation-for-ticket';
export const RELEASE_CONVERSATION_FROM_TICKET = 'release-assistant-conversation-from-ticket';
/** Every night at 03:30 (organisation time), what is past the retention time goes. */
export const PURGE_SCHEDULE = '30 3 * * *';

type TicketAboutConversation = { ticketId: string; userId: string; reference?: { kind?: string; id?: string } };

/** A help request opened from a conversation keeps it as its transcript, until the request is deleted. */
export const conversationRetentionTriggers: readonly JobTrigger[] = [
  {
    eventType: 'TicketSubmitted',
    job: KEEP_CONVERSATION_FOR_TICKET,
    options: { attempts: 5, backoffMs: 2_000 },
    when: (event: RecordedEvent) => (event.data as TicketAboutConversation | null)?.reference?.kind === 'assistant-conversation',
  },
  { eventType: 'TicketDeleted', job: RELEASE_CONVERSATION_FROM_TICKET, options: { attempts: 5, backoffMs: 2_000 } },
];

export function registerConversationRetention(jobs: JobQueue, commands: CommandBus, retentionDays: number): void {
  jobs.register(PURGE_EXPIRED_CONVERSATIONS, async (_data, job) => {
    await commands.execute(new PurgeExpiredConversations({ retentionDays }, systemContext(PURGE_EXPIRED_CONVERSATIONS, job.scheduledAt ?? new Date())));
  });
  jobs.register<{ event: RecordedEvent }>(KEEP_CONVERSATION_FOR_TICKET, async ({ event }) => {
    const { ticketId, userId, reference } = event.data as TicketAboutConversation;
    if (!reference?.id) return;
    await commands.execute(new KeepConversationForTicket({ conversationId: reference.id, userId, ticketId }, stepFrom(event).context));
  });
  jobs.register<{ event: RecordedEvent }>(RELEASE_CONVERSATION_FROM_TICKET, async ({ event }) => {
    const { ticketId } = event.data as { ticketId: string };
    await commands.execute(new ReleaseConversationFromTicket({ ticketId }, stepFrom(event).context));
  });
}
