import { RefreshCw } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { useApiQuery } from '../../../lib/use-api-query';
import { fetchConversation, fetchReplies } from '../api/support';
import { DetailSection } from './detail-parts';
import { MessageThread } from './message-thread';
import { ReplyBox } from './reply-box';

type ConversationSectionProps = {
  ticketId: string;
  /** An admin reads the internal notes too, and may write one. */
  asAdmin?: boolean;
  /** The realtime topics on which the thread loads again. */
  reloadOn: readonly string[];
  onSent: () => void;
};

/** A ticket's conversation in its details: the thread, then the box to write the next message. */
export function ConversationSection({ ticketId, asAdmin = false, reloadOn, onSent }: ConversationSectionProps) {
  const thread = useApiQuery(
    `ticket-conversation-${ticketId}-${asAdmin}`,
    async () => (asAdmin ? (await fetchConversation(ticketId)).messages : (await fetchReplies(ticketId)).replies),
    { failure: 'Failed to load the conversation', reloadOn },
  );
  return (
    <DetailSection id="ticket-conversation" title="Conversation">
      {/* A notice comes with each new message, but not with the files that follow it: this loads them. */}
      <div className="flex justify-end">
        <Button type="button" variant="ghost" size="sm" onClick={() => void thread.reload()}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh conversation
        </Button>
      </div>
      {thread.loading ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the conversation...
        </p>
      ) : (
        <MessageThread ticketId={ticketId} messages={thread.data ?? []} forAgent={!asAdmin} />
      )}
      <div className="pt-2">
        <ReplyBox
          ticketId={ticketId}
          asAdmin={asAdmin}
          onSent={() => {
            void thread.reload();
            onSent();
          }}
        />
      </div>
    </DetailSection>
  );
}
