import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { OptionalSessionGuard, SignedInUserOrNull } from '../../../../platform/auth/session.guard.js';
import { requestClient, requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { enforce, type RateLimit, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER } from '../../../../platform/tokens.js';
import { AskAssistant } from './ask-assistant.command.js';
import { askAssistantRequest } from './ask-assistant.request.js';

/** Questions per signed-in user, and per address (visitors, and everyone behind one address together). */
export const ASSISTANT_PER_USER: RateLimit = { name: 'assistant-user', limit: 20, windowSeconds: 60 };
export const ASSISTANT_PER_IP: RateLimit = { name: 'assistant-ip', limit: 40, windowSeconds: 60 };

/** The spec's words when the answer failed for a reason the caller cannot act on. */
export const FAILED_TO_GET_RESPONSE = 'Failed to get response';

/**
 * `POST /api/assistant/chat {messages:[{role, content}], conversationId?}`. Answers
 * `{message, sources, answered, handoff, conversationId, answerSeq}` (the last two for a signed-in user: the conversation and the answer's number in it, which a "Not helpful" names), or `{error}` when no answer could be made; a bad
 * body or too many questions get the portal's usual error answer (`{code, message}`). With `Accept:
 * text/event-stream` the answer comes as server-sent events: `delta` pieces while a chat model
 * writes it, `reset` if the model failed part way, then `answer` with the whole answer (or
 * `error`).
 */
@ApiTags('assistant')
@Controller('api/assistant')
@UseGuards(OptionalSessionGuard)
export class AskAssistantController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('chat')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Asks the AI assistant. Public; a signed-in user also gets answers about their own balance, tickets and course, and their conversation is kept.',
  })
  async chat(
    @SignedInUserOrNull() user: AuthenticatedUser | null,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const streaming = String(request.headers.accept ?? '').includes('text/event-stream');
    // A refusal (a bad body, too many questions) is the portal's usual error answer, counted as a security event when rate-limited.
    const asked = validate(askAssistantRequest, body);
    await enforce(this.limiter, [
      { rule: ASSISTANT_PER_IP, subject: requestClient(request).ip },
      ...(user ? [{ rule: ASSISTANT_PER_USER, subject: user.userId }] : []),
    ]);
    const context = requestContextOf(request, user ? { type: 'user', id: user.userId } : undefined);
    const asker = user ? { userId: user.userId, email: user.email, provider: user.provider } : null;
    const input = { messages: asked.messages, asker, conversationId: asked.conversationId };
    if (!streaming) {
      try {
        return void reply.send(await this.commands.execute(new AskAssistant(input, context)));
      } catch (error) {
        request.log.error({ err: error }, 'the assistant failed');
        return void reply.status(500).send({ error: FAILED_TO_GET_RESPONSE });
      }
    }
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    const send = (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    try {
      const answer = await this.commands.execute(
        new AskAssistant({ ...input, stream: { delta: (text) => send('delta', { text }), reset: () => send('reset', {}) } }, context),
      );
      send('answer', answer);
    } catch (error) {
      request.log.error({ err: error }, 'the assistant failed');
      send('error', { error: FAILED_TO_GET_RESPONSE });
    }
    out.end();
  }
}
