import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { readSessionCookie } from '../../../../platform/auth/session-cookie.js';
import type { AuthenticatedUser, SessionStore } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SESSION_STORE } from '../../../../platform/tokens.js';
import type { IntegrationsConfig } from '../../integrations.config.js';
import { ClaimTextdripConnection } from '../claim-textdrip-connection/claim-textdrip-connection.command.js';
import { failedPage, TextdripConnections, type TextdripReturn } from './textdrip-connections.js';

const NETWORK_ID = z.uuid({ message: 'Expected the id the Connect window was opened with (a UUID)' });
const claimRequest = z.object({ networkId: NETWORK_ID }, { message: 'Expected { networkId }' });
const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The Textdrip connect window (spec: section 7, Textdrip flow). Connect and the return from
 * Textdrip are page navigations in that window, so they answer with redirects (a failure to
 * /textdrip/failed with its reason), never JSON; claim is the opener's question while it waits.
 */
@ApiTags('integrations')
@Controller('api/integrations/textdrip')
export class TextdripConnectionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly connections: TextdripConnections,
    @Inject(CONFIG) private readonly config: IntegrationsConfig,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  @Get('connect')
  @ApiOperation({ summary: "Opened in the Connect window with ?network_id=<uuid>: a one-time connection request (10 minutes), then Textdrip's connect page." })
  async connect(@Query('network_id') networkId: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const user = await this.signedIn(request);
    if (!user) return reply.redirect(failedPage('signed_out'), 302);
    if (!NETWORK_ID.safeParse(networkId).success) return reply.redirect(failedPage('invalid_request'), 302);
    return reply.redirect(await this.connections.start(user.userId, networkId as string), 302);
  }

  @Get('callback')
  @ApiOperation({
    summary:
      'Where Textdrip sends the agent back (state, network_id, and token or error=access_denied): connects once, then /textdrip/success?connected=true or /textdrip/failed?reason=….',
  })
  async callback(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const user = await this.signedIn(request);
    if (!user) return reply.redirect(failedPage('signed_out'), 303);
    const answer: TextdripReturn = { state: single(query.state), network_id: single(query.network_id), token: single(query.token), error: single(query.error) };
    // 303: the window goes on with a GET, and the address with the token is not the one it stays on.
    return reply.redirect(await this.connections.complete(user.userId, answer, requestContextOf(request, { type: 'user', id: user.userId })), 303);
  }

  @Post('claim')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({
    summary:
      "claim_textdrip_connection: what became of the connection the signed-in agent's window opened with this network id (pending, connected, failed with a reason, expired).",
  })
  async claim(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { networkId } = validate(claimRequest, body ?? {});
    const claim = await this.commands.execute(new ClaimTextdripConnection({ networkId }, requestContextOf(request, { type: 'user', id: user.userId })));
    if (!claim) throw new ApiError(404, 'TEXTDRIP_CONNECTION_NOT_FOUND', 'No Textdrip connection was started with this id. Use Connect to start one.');
    return claim;
  }

  private async signedIn(request: FastifyRequest): Promise<AuthenticatedUser | null> {
    const token = readSessionCookie(request, this.config.session.secureCookie);
    return token ? this.sessions.resolve(token) : null;
  }
}
