import { Controller, Get, Inject, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AuthenticatedUser, SessionStore } from '../auth/session-store.js';
import { CurrentUser, SessionGuard } from '../auth/session.guard.js';
import { REALTIME_HUB, SESSION_STORE } from '../tokens.js';
import { EVERYONE_AUDIENCE, roleAudience, type RealtimeHub } from './realtime-hub.js';

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for the signed-in user: `change` with `{ topic }` whenever one of the
 * user's read models changed. The browser refetches that topic; after a reconnect it
 * refetches everything, so a missed message costs nothing but a moment.
 */
@ApiTags('realtime')
@Controller('api/realtime')
export class RealtimeController {
  constructor(
    @Inject(REALTIME_HUB) private readonly hub: RealtimeHub,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  @Get('stream')
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'text/event-stream of the signed-in user’s read-model changes, their roles’ and everyone’s (announcements).' })
  stream(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    out.write('retry: 3000\nevent: ready\ndata: {}\n\n');
    const send = (change: { topic: string }) => out.write(`event: change\ndata: ${JSON.stringify({ topic: change.topic })}\n\n`);
    const audiences = [user.userId, EVERYONE_AUDIENCE, ...(user.roles ?? []).map(roleAudience)];
    const unsubscribes = audiences.map((audience) => this.hub.subscribe(audience, send));
    // A stream outlives requests: at each heartbeat it ends if its session has (sign-out
    // elsewhere, expiry, a disabled account), so nothing reaches a browser signed out.
    const heartbeat = setInterval(() => {
      this.sessions.isLive(user.sessionHash).then(
        (live) => (live ? out.write(': keep-alive\n\n') : out.end()),
        () => out.write(': keep-alive\n\n'),
      );
    }, HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribes.forEach((unsubscribe) => unsubscribe());
    });
  }
}
