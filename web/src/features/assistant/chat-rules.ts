/** The chat's rules (spec): what may be sent, and what a key press in the message box does. */

export type ChatMessage = { readonly role: 'user' | 'assistant'; readonly content: string };

/** Empty or whitespace input is not sent, and nothing is sent while a reply is pending. */
export const canSend = (input: string, pending: boolean): boolean => !pending && input.trim() !== '';

/** Enter sends; Shift+Enter (and Enter while composing an IME word) makes a new line. */
export const sendsOnKey = (key: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean => key.key === 'Enter' && !key.shiftKey && !key.isComposing;

/** What the dialog's list shows after an exchange: the reply appended, or on failure the list as it was before the message. */
export function afterReply<M extends ChatMessage>(before: readonly M[], asked: M, reply: M | null): M[] {
  return reply ? [...before, asked, reply] : [...before];
}

/** The toast text of a failed exchange: the server's own words, or the spec's. */
export const FAILED_TO_SEND = 'Failed to send message. Please try again.';
export const failureText = (serverError: string | null | undefined): string => (serverError && serverError.trim() ? serverError : FAILED_TO_SEND);

/** The question an answer (at `answerIndex` in the conversation) was for: the user's message just before it, not the latest one. */
export function questionFor(messages: readonly ChatMessage[], answerIndex: number): string {
  for (let index = Math.min(answerIndex, messages.length) - 1; index >= 0; index -= 1) {
    if (messages[index]!.role === 'user') return messages[index]!.content;
  }
  return '';
}
