import { randomUUID } from 'node:crypto';
import { subDays } from 'date-fns/subDays';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { systemContext } from '../../../../platform/event-store/new-event.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { conversationOf } from '../../contracts/conversations.js';
import { KeepConversationForTicket } from '../keep-conversation-for-ticket/keep-conversation-for-ticket.command.js';
import { KeepConversationForTicketHandler } from '../keep-conversation-for-ticket/keep-conversation-for-ticket.handler.js';
import { ReleaseConversationFromTicket } from '../release-conversation-from-ticket/release-conversation-from-ticket.command.js';
import { ReleaseConversationFromTicketHandler } from '../release-conversation-from-ticket/release-conversation-from-ticket.handler.js';
import { PurgeExpiredConversations } from './purge-expired-conversations.command.js';
import { PurgeExpiredConversationsHandler } from './purge-expired-conversations.handler.js';

for (const database of oneDatabase()) {
  describeOn(database, `the assistant's retention on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 4);
    });
    afterAll(async () => pool.end());

    const now = new Date('2026-12-06T08:30:00Z');
    const conversation = async (userId: string, lastAt: Date) => {
      const id = randomUUID();
      await pool.query(`INSERT INTO assistant_conversations (conversation_id, user_id, started_at, updated_at) VALUES ($1, $2, $3, $3)`, [id, userId, lastAt]);
      await pool.query(`INSERT INTO assistant_messages (conversation_id, seq, role, content, created_at) VALUES ($1, 1, 'user', 'How do I add credit?', $2)`, [
        id,
        lastAt,
      ]);
      return id;
    };

    it('forgets conversations and unanswered questions past the retention time, except a conversation handed to a help request (until the request is deleted)', async () => {
      const userId = randomUUID();
      const [old, recent, handedOver] = [
        await conversation(userId, subDays(now, 31)),
        await conversation(userId, subDays(now, 29)),
        await conversation(userId, subDays(now, 40)),
      ];
      const question = `old question ${randomUUID()}`;
      await pool.query(`INSERT INTO assistant_unanswered (question_key, question, times_asked, first_asked_at, last_asked_at) VALUES ($1, $1, 1, $2, $2)`, [
        question,
        subDays(now, 31),
      ]);

      const keep = new KeepConversationForTicketHandler(pool);
      await keep.execute(new KeepConversationForTicket({ conversationId: handedOver, userId, ticketId: randomUUID() }, systemContext('test', now)));
      // Another user cannot keep (or learn of) someone else's conversation.
      await keep.execute(new KeepConversationForTicket({ conversationId: old, userId: randomUUID(), ticketId: randomUUID() }, systemContext('test', now)));

      const released = await conversation(userId, subDays(now, 35));
      const deletedTicket = randomUUID();
      await keep.execute(new KeepConversationForTicket({ conversationId: released, userId, ticketId: deletedTicket }, systemContext('test', now)));
      await new ReleaseConversationFromTicketHandler(pool).execute(new ReleaseConversationFromTicket({ ticketId: deletedTicket }, systemContext('test', now)));

      await new PurgeExpiredConversationsHandler(pool).execute(new PurgeExpiredConversations({ retentionDays: 30 }, systemContext('test', now)));
      expect(await conversationOf(pool, userId, old)).toBeNull();
      expect(await conversationOf(pool, userId, released)).toBeNull();
      expect((await conversationOf(pool, userId, recent))?.messages).toHaveLength(1);
      expect((await conversationOf(pool, userId, handedOver))?.messages).toEqual([expect.objectContaining({ role: 'user', content: 'How do I add credit?' })]);
      expect((await pool.query('SELECT 1 FROM assistant_messages WHERE conversation_id = $1', [old])).rowCount).toBe(0);
      expect((await pool.query('SELECT 1 FROM assistant_unanswered WHERE question_key = $1', [question])).rowCount).toBe(0);
    });
  });
}
