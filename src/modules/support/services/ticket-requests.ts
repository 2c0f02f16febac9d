import type { ModuleRef } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

import { recordingNotYours } from '../../../platform/security/record-not-yours.js';

/** Runs an agent's call on a ticket; a ticket that is not theirs (answered 404) is recorded as an unauthorized access. */
export const recordingTicketNotYours = <T>(moduleRef: ModuleRef, request: FastifyRequest, userId: string, work: () => Promise<T>) =>
  recordingNotYours(moduleRef, request, userId, { codes: ['TICKET_NOT_FOUND'], resource: 'ticket' }, work);
