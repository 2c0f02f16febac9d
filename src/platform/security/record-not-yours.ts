import type { ModuleRef } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

import { DomainError } from '../domain/domain-error.js';
import { ApiError } from '../http/api-error.js';
import { requestClient } from '../http/request-client.js';
import { recordedRefusal, SECURITY_EVENT_RECORDER, type SecurityEventRecorder } from './security-event-recorder.port.js';

/**
 * Runs `work`; a refusal with one of `codes` (a resource that is not the user's own, or does
 * not exist, answered 404) is recorded as an unauthorized access of that user and passed on.
 * The ids are not guessable, so one seen here came from somewhere it should not have.
 */
export async function recordingNotYours<T>(
  moduleRef: ModuleRef,
  request: FastifyRequest,
  userId: string,
  refusal: { readonly codes: readonly string[]; readonly resource: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error instanceof DomainError || error instanceof ApiError) && refusal.codes.includes(error.code)) {
      const recorder = moduleRef.get<SecurityEventRecorder>(SECURITY_EVENT_RECORDER, { strict: false });
      void recorder.record(
        'unauthorized_access',
        { ...requestClient(request), userId },
        { method: request.method, path: request.url.split('?')[0], status: 404, resource: refusal.resource },
      );
      throw recordedRefusal(error);
    }
    throw error;
  }
}
