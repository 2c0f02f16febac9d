import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { afterReply, canSend, FAILED_TO_SEND, failureText, questionFor, sendsOnKey, type ChatMessage } from './chat-rules';

const message = fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), content: fc.string() });

describe('the chat rules', () => {
  it('never sends empty or whitespace input, nor anything while a reply is pending', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (input, pending) => {
        expect(canSend(input, pending)).toBe(!pending && input.trim().length > 0);
      }),
    );
    expect(canSend(' \n\t ', false)).toBe(false);
  });

  it('sends on Enter, not on Shift+Enter nor while composing', () => {
    expect(sendsOnKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('appends the question and the reply, or leaves the list as it was before the message on failure', () => {
    fc.assert(
      fc.property(fc.array(message), message, message, (before, asked, reply) => {
        const kept: ChatMessage[] = [...before];
        expect(afterReply(before, asked, reply)).toEqual([...before, asked, reply]);
        expect(afterReply(before, asked, null)).toEqual(kept);
      }),
    );
  });

  it("shows the server's error, or the spec's words when there is none", () => {
    expect(failureText('Too many attempts. Please wait 1 minute and try again.')).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(failureText(undefined)).toBe(FAILED_TO_SEND);
    expect(failureText('  ')).toBe(FAILED_TO_SEND);
  });

  it('hands off with the question an answer was for, not the latest one', () => {
    const conversation: ChatMessage[] = [
      { role: 'user', content: 'What is the dress code?' },
      { role: 'assistant', content: "I don't know that." },
      { role: 'user', content: 'How much does licensing cost?' },
      { role: 'assistant', content: 'Getting licensed costs $181 in all.' },
    ];
    expect(questionFor(conversation, 1)).toBe('What is the dress code?');
    expect(questionFor(conversation, 3)).toBe('How much does licensing cost?');
    expect(questionFor(conversation.slice(1), 0)).toBe('');
  });
});
