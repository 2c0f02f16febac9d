import { Bot, LifeBuoy, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';

import { useAssistant } from '../../app/assistant-store';
import { useHelpRequestDialog } from '../../app/help-request-dialog-store';
import { useSession } from '../../app/session-store';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { askAssistant, AssistantError, type Answer } from './api/assistant';
import { afterReply, canSend, failureText, questionFor, sendsOnKey, type ChatMessage } from './chat-rules';
import { NotHelpful } from './not-helpful';

type Shown = ChatMessage & { readonly answer?: Pick<Answer, 'sources' | 'handoff' | 'answered' | 'answerSeq'> };

/**
 * The AI Assistant dialog (about 425 × 600 px): answers from the portal's own pages, linking the
 * pages it used; offers a help request with the conversation when it cannot help.
 */
export function AssistantDialog() {
  const open = useAssistant((s) => s.open);
  const close = useAssistant((s) => s.close);
  const signedIn = useSession((s) => s.status === 'signed-in');
  const [messages, setMessages] = useState<Shown[]>([]);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  const [streamed, setStreamed] = useState('');
  const [conversationId, setConversationId] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages, streamed, pending]);

  const send = async () => {
    if (!canSend(input, pending)) return;
    const asked: Shown = { role: 'user', content: input.trim() };
    const before = messages;
    setMessages([...before, asked]);
    setInput('');
    setPending(true);
    setStreamed('');
    try {
      const conversation = [...before, asked].map(({ role, content }) => ({ role, content }));
      const answer = await askAssistant(conversation, signedIn ? conversationId : null, setStreamed);
      if (answer.conversationId) setConversationId(answer.conversationId);
      setMessages(
        afterReply(before, asked, {
          role: 'assistant',
          content: answer.message,
          answer: { sources: answer.sources, handoff: answer.handoff, answered: answer.answered, answerSeq: answer.answerSeq },
        }),
      );
    } catch (error) {
      setMessages(afterReply(before, asked, null));
      setInput(asked.content);
      toast({ title: 'Error', description: failureText(error instanceof AssistantError ? error.serverError : null), variant: 'destructive' });
    } finally {
      setPending(false);
      setStreamed('');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!sendsOnKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    void send();
  };

  /** Opens a help request about the answer at `answerIndex`, with the question that answer was for. */
  const handOff = (answerIndex: number) => {
    const question = questionFor(messages, answerIndex);
    useHelpRequestDialog
      .getState()
      .show(
        conversationId ? { kind: 'assistant-conversation', id: conversationId, label: 'Your conversation with the AI assistant' } : undefined,
        `I asked the AI assistant: "${question}", and it could not help.`,
      );
    close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="flex h-[600px] max-h-[90vh] w-[calc(100%-1rem)] max-w-[425px] flex-col gap-0 overflow-hidden p-0">
        <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 pr-12">
          <Bot className="h-5 w-5 text-brand-700" aria-hidden />
          <div>
            <DialogTitle className="text-base">AI Assistant</DialogTitle>
            <DialogDescription className="text-xs">Answers from the portal&apos;s own pages.</DialogDescription>
          </div>
        </div>
        <div className="flex-1 space-y-3 overflow-y-auto px-4 py-3" aria-live="polite" data-testid="assistant-messages">
          {messages.length === 0 && !pending && <p className="mt-24 text-center text-slate-500">How can I help you today?</p>}
          {messages.map((message, index) => (
            <MessageBubble
              key={index}
              message={message}
              signedIn={signedIn}
              conversationId={conversationId}
              onHandOff={() => handOff(index)}
              onNavigate={close}
            />
          ))}
          {pending &&
            (streamed ? (
              <MessageBubble
                message={{ role: 'assistant', content: streamed }}
                signedIn={signedIn}
                conversationId={null}
                onHandOff={() => handOff(messages.length)}
                onNavigate={close}
              />
            ) : (
              <p className="text-sm italic text-slate-500">Typing...</p>
            ))}
          <div ref={endRef} />
        </div>
        <form
          className="flex items-end gap-2 border-t border-slate-200 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor="assistant-input" className="sr-only">
            Message
          </label>
          <textarea
            id="assistant-input"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            maxLength={4000}
            placeholder="Ask a question..."
            className="min-h-[2.5rem] flex-1 resize-none rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
          />
          <Button type="submit" size="icon" aria-label="Send" disabled={!canSend(input, pending)}>
            <SendHorizontal className="h-4 w-4" aria-hidden />
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function MessageBubble({
  message,
  signedIn,
  conversationId,
  onHandOff,
  onNavigate,
}: {
  message: Shown;
  signedIn: boolean;
  conversationId: string | null;
  onHandOff: () => void;
  onNavigate: () => void;
}) {
  const mine = message.role === 'user';
  // An answer that cites a page, kept in the agent's conversation, can be marked not helpful.
  const markable =
    signedIn && conversationId && message.answer?.answered && message.answer.sources.length > 0 && message.answer.answerSeq ? message.answer.answerSeq : null;
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm', mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900')}
        data-testid={mine ? 'assistant-question' : 'assistant-answer'}
      >
        <p className="whitespace-pre-wrap break-words">{message.content}</p>
        {message.answer && message.answer.sources.length > 0 && (
          <p className="mt-2 border-t border-slate-300 pt-1 text-xs text-slate-700">
            From:{' '}
            {message.answer.sources.map((source, index) => (
              <span key={source.url}>
                {index > 0 && ', '}
                <Link to={source.url} onClick={onNavigate} className="font-medium text-brand-700 underline underline-offset-2">
                  {source.title}
                </Link>
              </span>
            ))}
          </p>
        )}
        {message.answer?.handoff &&
          (signedIn ? (
            <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onHandOff}>
              <LifeBuoy className="h-4 w-4" aria-hidden />
              Open a help request
            </Button>
          ) : (
            <p className="mt-2 text-xs">
              <Link to="/auth" onClick={onNavigate} className="font-medium text-brand-700 underline underline-offset-2">
                Sign in
              </Link>{' '}
              to open a help request with this conversation.
            </p>
          ))}
        {markable && conversationId && <NotHelpful conversationId={conversationId} answerSeq={markable} />}
      </div>
    </div>
  );
}
