import { Inject, Injectable, Logger } from '@nestjs/common';
import type pg from 'pg';

import { usd } from '../../../platform/money/usd.js';
import { timeInWords } from '../../../platform/time/org-time.js';
import { CONFIG, SQL_POOL } from '../../../platform/tokens.js';
import { agentTimeZone } from '../../identity/contracts/agent-time-zone.js';
import { emailOf } from '../../identity/contracts/user-directory.js';
import { offeredSessions, upcomingRegistrationOf } from '../../prep-course/contracts/course-sessions.js';
import { openTicketsOf } from '../../support/contracts/open-tickets.js';
import { walletSummary } from '../../wallet/contracts/wallet-summary.js';
import type { AssistantConfig } from '../assistant.config.js';
import { chosenPassages, retrievalAnswer, type AssistantAnswer } from '../domain/compose-answer.js';
import { intentOf } from '../domain/intent.js';
import { loadKnowledgeIndex } from '../knowledge/knowledge-file.js';
import type { Passage } from '../knowledge/passage.js';
import { ChatModel, passagesPrompt, type ChatTurn } from './chat-model.js';
import type { KnowledgeIndex } from './knowledge-index.js';

export type Asker = { readonly userId: string } | null;

/** How a streamed answer reaches the caller: pieces of the model's text, and a reset when the model failed part way. */
export type AnswerStream = { readonly delta: (text: string) => void; readonly reset: () => void };

const HANDOFF_OFFER =
  'I can open a help request for you: the support team answers it on My Tickets, and this conversation goes with it so you do not have to explain again.';

/**
 * Makes the assistant's answer to a conversation: the agent's own figures through scoped reads
 * (their balance, their open tickets, the next course), a hand-off when they ask for a person,
 * otherwise the best passages of the portal's pages, phrased by the chat model when one is
 * configured, and "I don't know" below the confidence the question set measured.
 */
@Injectable()
export class AssistantAnswers {
  private readonly logger = new Logger('assistant');
  private readonly model: ChatModel | null;
  private index: KnowledgeIndex | null = null;

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: AssistantConfig,
  ) {
    this.model = config.chatModel ? new ChatModel(config.chatModel) : null;
  }

  private knowledge(): KnowledgeIndex {
    this.index ??= loadKnowledgeIndex();
    return this.index;
  }

  async answer(conversation: readonly ChatTurn[], asker: Asker, now: Date, stream?: AnswerStream): Promise<AssistantAnswer> {
    const question = conversation.at(-1)?.content ?? '';
    switch (intentOf(question)) {
      case 'greeting':
        return reply('Hi! Ask me about getting licensed, the prep course, your training schedule, the wallet, leads, integrations, bonuses or support.');
      case 'thanks':
        return reply("You're welcome. Anything else?");
      case 'person':
        return { message: HANDOFF_OFFER, sources: [{ title: 'My Tickets', url: '/my-tickets' }], answered: true, handoff: true };
      case 'my-balance':
        return asker ? this.balanceOf(asker.userId) : signInFirst('your wallet balance');
      case 'my-tickets':
        return asker ? this.ticketsOf(asker.userId) : signInFirst('your tickets');
      case 'my-course':
        return asker ? this.courseOf(asker.userId, now) : this.fromPages(conversation, now, stream);
      case 'question':
        return this.fromPages(conversation, now, stream);
    }
  }

  private async fromPages(conversation: readonly ChatTurn[], now: Date, stream?: AnswerStream): Promise<AssistantAnswer> {
    const asked = conversation.filter((turn) => turn.role === 'user').map((turn) => turn.content);
    let passages = chosenPassages(this.knowledge().find(asked.at(-1) ?? ''));
    // A short follow-up ("and the fingerprints?") is read with the question before it.
    if (passages.length === 0 && asked.length > 1) passages = chosenPassages(this.knowledge().find(asked.slice(-2).join(' ')));
    const texts = await this.liveTexts(passages, now);
    const fromPassages = retrievalAnswer(passages, texts, asked.at(-1) ?? '');
    if (!this.model || passages.length === 0) return fromPassages;
    let streamed = false;
    try {
      const message = await this.model.phrase(conversation, passagesPrompt(passages, texts), (delta) => {
        streamed = true;
        stream?.delta(delta);
      });
      return { ...fromPassages, message };
    } catch (error) {
      this.logger.warn(`the chat model failed, answered from the passages: ${error instanceof Error ? error.message : String(error)}`);
      if (streamed) stream?.reset();
      return fromPassages;
    }
  }

  /** Texts of passages that carry live data, as they read now: the course weekends offered (the registration page's own list). */
  private async liveTexts(passages: readonly Passage[], now: Date): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    for (const passage of passages) {
      if (passage.live !== 'prep-course-dates') continue;
      const weekends = (await offeredSessions(this.pool, now)).slice(0, 3);
      const dates =
        weekends.length === 0 ? 'The next course date is TBA.' : `The next course weekends are ${weekends.map((weekend) => weekend.label).join('; ')}.`;
      texts.set(passage.id, `${passage.text} ${dates} Register on the prep course page.`);
    }
    return texts;
  }

  private async courseOf(userId: string, now: Date): Promise<AssistantAnswer> {
    const email = await emailOf(this.pool, userId);
    const registered = email ? await upcomingRegistrationOf(this.pool, email, now) : null;
    const source = [{ title: '2-15 License Prep Course', url: '/prep-course/register' }];
    if (registered) {
      return {
        message: `You are registered for the 2-15 License Prep Course on ${registered.label}, 8:00 AM – 1:00 PM Eastern both days. Your confirmation e-mail has the calendar file and the details.`,
        sources: source,
        answered: true,
        handoff: false,
      };
    }
    const next = (await offeredSessions(this.pool, now))[0];
    const offer = next ? `The next one is ${next.label}; register on the prep course page.` : 'The next course date is TBA.';
    return {
      message: `You are not registered for an upcoming prep course${email ? ` under ${email}` : ''}. ${offer}`,
      sources: source,
      answered: true,
      handoff: false,
    };
  }

  private async balanceOf(userId: string): Promise<AssistantAnswer> {
    const wallet = await walletSummary(this.pool, userId);
    const held = wallet.heldCents > 0 ? ` ${usd(wallet.heldCents)} more is reserved for your running campaigns.` : '';
    const debt = wallet.debtCents > 0 ? ` You owe ${usd(wallet.debtCents)}, which your next deposit pays first.` : '';
    return {
      message: `Your available balance is ${usd(wallet.availableCents)}.${held}${debt} You have deposited ${usd(wallet.depositedCents)} in all.`,
      sources: [{ title: 'Wallet', url: '/wallet' }],
      answered: true,
      handoff: false,
    };
  }

  private async ticketsOf(userId: string): Promise<AssistantAnswer> {
    const [tickets, zone] = await Promise.all([openTicketsOf(this.pool, userId), agentTimeZone(this.pool, userId, this.config.orgTimeZone)]);
    const message =
      tickets.length === 0
        ? 'You have no open tickets. Everything you asked the support team is Done.'
        : `You have ${tickets.length} open ticket${tickets.length === 1 ? '' : 's'}: ${tickets
            .map((ticket) => `${ticket.systemProgram} (${ticket.priority} priority, ${ticket.status}, sent ${timeInWords(new Date(ticket.createdAt), zone)})`)
            .join('; ')}.`;
    return { message, sources: [{ title: 'My Tickets', url: '/my-tickets' }], answered: true, handoff: false };
  }
}

const reply = (message: string): AssistantAnswer => ({ message, sources: [], answered: true, handoff: false });

const signInFirst = (what: string): AssistantAnswer => ({
  message: `Sign in and ask me again: I can only tell you ${what} once I know who you are.`,
  sources: [{ title: 'Sign in', url: '/auth' }],
  answered: true,
  handoff: false,
});
