import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { AdminGuard } from '../../../../platform/auth/admin.guard.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { AuthenticatedUser, SessionStore } from '../../../../platform/auth/session-store.js';
import { newEvent, userRequestContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SESSION_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import type { AccountCreated, InvitationEmailRequested } from '../../contracts/identity.events.js';
import { administerAccount } from '../administer-account/administer-account.js';
import { insertAccount } from './create-account.js';

const ALREADY_EXISTS = 'An account with this email already exists.';

const createRequest = z.object({
  email: z.string({ message: 'Email is required' }).trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  displayName: z.string().trim().max(100, 'Display name is too long').optional(),
  satLeader: z.boolean({ message: 'Say whether the user is a SAT leader: true or false' }).default(false),
});

@ApiTags('admin')
@Controller('api/admin/users')
@UseGuards(SessionGuard, AdminGuard)
export class CreateAccountController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  /** How the first SAT leaders get accounts: sign-up needs a leader to choose, so they cannot sign up before one exists. */
  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Makes an account (optionally a SAT leader) and mails its owner a 24-hour link to set the password.' })
  async create(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = validate(createRequest, body);
    const context = userRequestContext(admin.userId, String(request.id));
    const userId = await inTransaction(this.pool, (tx) =>
      insertAccount(tx, input, (id) => [
        newEvent<AccountCreated['type'], AccountCreated['data']>('AccountCreated', { userId: id, email: input.email }, context),
        newEvent<InvitationEmailRequested['type'], InvitationEmailRequested['data']>('InvitationEmailRequested', { userId: id, email: input.email }, context),
      ]),
    );
    if (!userId) throw new ApiError(409, 'USER_ALREADY_EXISTS', ALREADY_EXISTS, [{ field: 'email', message: ALREADY_EXISTS }]);
    outboxCommitted();
    if (input.satLeader) await administerAccount(this.pool, this.sessions, userId, { satLeader: true }, context);
    return { userId };
  }
}
