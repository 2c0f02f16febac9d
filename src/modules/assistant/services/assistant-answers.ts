import { Inject, Injectable, Logger } from '@nestjs/common';
import type pg from 'pg';

import type { SignInProvider } from '../../../platform/auth/session-store.js';
import { isWorkAccount } from '../../../platform/auth/work-account.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { usd } from '../../../platform/money/usd.js';
import { timeInWords } from '../../../platform/time/org-time.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../platform/tokens.js';
import { elevatedAccessUntil } from '../../access/contracts/elevated-access.js';
import { agentTimeZone } from '../../identity/contracts/agent-time-zone.js';
import type { StaffEmailDomainSetting } from '../../identity/contracts/staff-email-domain.js';
import { emailOf } from '../../identity/contracts/user-directory.js';
import { offeredSessions, upcomingRegistrationOf } from '../../prep-course/contracts/course-sessions.js';
import { openTicketsOf } from '../../support/contracts/open-tickets.js';
import { walletSummary } from '../../wallet/contracts/wallet-summary.js';
import type { AssistantConfig } from '../assistant.config.js';
import { decideFromPages } from '../domain/answer-from-pages.js';
import { PASSAGES_WEIGHED, REFUSED, retrievalAnswer, type AssistantAnswer, type Choice, type GroundedAnswer } from '../domain/compose-answer.js';
import { intentOf, isFollowUp } from '../domain/intent.js';
import { loadKnowledgeIndex } from '../knowledge/knowledge-file.js';
import { mayRead, VISITOR, type AskerAccess, type Passage } from '../knowledge/passage.js';
import { ChatModel, passagesPrompt, type ChatTurn } from './chat-model.js';
import type { KnowledgeIndex } from './knowledge-index.js';

/** Who asks: a signed-in user (their id, and what the route guard reads of their account), or null for a visitor. */
export type Asker = { readonly userId: string; readonly email: string; readonly provider: SignInProvider } | null;

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
    @Inject(CONFIG) private readonly config: AssistantConfig & StaffEmailDomainSetting,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.model = config.chatModel ? new ChatModel(config.chatModel) : null;
  }

  private knowledge(): KnowledgeIndex {
    this.index ??= loadKnowledgeIndex();
    return this.index;
  }

  /** A passage of the portal's pages by its id (what an answer rested on, shown to admins). */
  passage(id: string): Passage | undefined {
    return this.knowledge().passages.find((passage) => passage.id === id);
  }

  async answer(conversation: readonly ChatTurn[], asker: Asker, now: Date, stream?: AnswerStream): Promise<GroundedAnswer> {
    const question = conversation.at(-1)?.content ?? '';
    switch (intentOf(question)) {
      case 'greeting':
        return reply('Hi! Ask me about getting licensed, the prep course, your training schedule, the wallet, leads, integrations, bonuses or support.');
      case 'thanks':
        return reply("You're welcome. Anything else?");
      case 'refuse':
        return { message: REFUSED, sources: [], answered: false, handoff: false };
      case 'person':
        return { message: HANDOFF_OFFER, sources: [{ title: 'My Tickets', url: '/my-tickets' }], answered: true, handoff: true };
      case 'my-balance':
        return asker ? this.balanceOf(asker.userId) : signInFirst('your wallet balance');
      case 'my-tickets':
        return asker ? this.ticketsOf(asker.userId) : signInFirst('your tickets');
      case 'my-course':
        return asker ? this.courseOf(asker.userId, now) : this.fromPages(conversation, now, VISITOR, stream);
      case 'question':
        return this.fromPages(conversation, now, await this.accessOf(asker, now), stream);
    }
  }

  /** What the route guard would let the asker read: the pages of a signed-in user, an access code's or a work account's. */
  private async accessOf(asker: Asker, now: Date): Promise<AskerAccess> {
    if (!asker) return VISITOR;
    const workAccount = isWorkAccount(asker, this.config.staffEmailDomain);
    const elevated = workAccount || (await elevatedAccessUntil(this.store, asker.userId, now)) !== null;
    return { signedIn: true, elevated, workAccount };
  }

  private async fromPages(conversation: readonly ChatTurn[], now: Date, access: AskerAccess, stream?: AnswerStream): Promise<GroundedAnswer> {
    const asked = conversation.filter((turn) => turn.role === 'user').map((turn) => turn.content);
    const question = asked.at(-1) ?? '';
    const readable = (passage: Passage) => mayRead(passage, access);
    // A follow-up ("and the fingerprints?") is read with the question before it; a new question alone.
    const readings = [question, ...(asked.length > 1 && isFollowUp(question) ? [asked.slice(-2).join(' ')] : [])];
    let choice: Choice = { passages: [], margin: null, lowMargin: false };
    for (const reading of readings) {
      if (choice.passages.length > 0) break;
      const everything = this.knowledge().find(reading, PASSAGES_WEIGHED);
      const allowed = everything.every((hit) => readable(hit.passage)) ? everything : this.knowledge().find(reading, PASSAGES_WEIGHED, readable);
      const decided = decideFromPages(reading, everything, allowed, readable);
      if (decided.kind === 'behind-guard') return behindGuard(decided.passage, access);
      choice = decided.choice;
    }
    const { passages } = choice;
    const texts = await this.liveTexts(passages, now);
    const grounds = { passageIds: passages.map((passage) => passage.id), margin: choice.margin, lowMargin: choice.lowMargin };
    const fromPassages = { ...retrievalAnswer(passages, texts, question), grounds };
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

/** The answer is on a page the asker may not open yet: where it is and what opens it, never its content. */
function behindGuard(passage: Passage, access: AskerAccess): AssistantAnswer {
  const page = { title: passage.pageTitle, url: passage.url.split('#')[0]! };
  if (!access.signedIn) {
    return {
      message: `That is on the ${passage.pageTitle} page, for signed-in agents. Sign in and ask me again.`,
      sources: [page, { title: 'Sign in', url: '/auth' }],
      answered: true,
      handoff: false,
    };
  }
  const opens = passage.access === 'work-account' ? 'a Microsoft work account' : 'an access code from your leader (or a work account)';
  return {
    message: `That is on the ${passage.pageTitle} page, which needs ${opens}. Open the page to unlock it, then ask me again.`,
    sources: [page],
    answered: true,
    handoff: false,
  };
}

const reply = (message: string): AssistantAnswer => ({ message, sources: [], answered: true, handoff: false });

const signInFirst = (what: string): AssistantAnswer => ({
  message: `Sign in and ask me again: I can only tell you ${what} once I know who you are.`,
  sources: [{ title: 'Sign in', url: '/auth' }],
  answered: true,
  handoff: false,
});
