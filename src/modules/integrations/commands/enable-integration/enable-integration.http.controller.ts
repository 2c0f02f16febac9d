import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { validateForm } from '../../validate-form.js';
import { EnableIntegration } from './enable-integration.command.js';

const uuid = (what: string) => z.uuid(`No such ${what}.`);
const enable = z.object({ replay: z.boolean({ message: 'Say whether to send the leads it missed (replay: true or false).' }) });

@ApiTags('integrations')
@Controller('api')
@UseGuards(SessionGuard)
export class EnableIntegrationController {
  constructor(private readonly commands: CommandBus) {}

  @Post('integration-connections/:integrationId/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns an integration that was turned off for failing back on; replay: true sends the leads it missed.' })
  async enable(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { replay } = validateForm(enable, body);
    return this.commands.execute(
      new EnableIntegration(
        { integrationId: validate(uuid('integration'), rawId, 'integrationId'), replay },
        requestContextOf(request, { type: 'user', id: user.userId }),
      ),
    );
  }
}
