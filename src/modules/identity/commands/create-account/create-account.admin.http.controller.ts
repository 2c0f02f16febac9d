import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { CreateAccount } from './create-account.command.js';

const createRequest = z.object({
  email: z.string({ message: 'Email is required' }).trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  displayName: z.string().trim().max(100, 'Display name is too long').optional(),
  satLeader: z.boolean({ message: 'Say whether the user is a SAT leader: true or false' }).default(false),
});

@ApiTags('admin')
@Controller('api/admin/users')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class CreateAccountController {
  constructor(private readonly commands: CommandBus) {}

  /** How the first SAT leaders get accounts: sign-up needs a leader to choose, so they cannot sign up before one exists. */
  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Makes an account (optionally a SAT leader) and mails its owner a 24-hour link to set the password.' })
  create(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = validate(createRequest, body);
    return this.commands.execute(new CreateAccount(input, requestContextOf(request, { type: 'user', id: admin.userId })));
  }
}
