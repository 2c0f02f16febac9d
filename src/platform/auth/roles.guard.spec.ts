import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describe, expect, it } from 'vitest';

import type { RoleDirectory } from './role-directory.port.js';
import { Roles, RolesGuard } from './roles.guard.js';

/** The roles of each user, as the role directory answers. */
const HELD: Record<string, readonly string[]> = { 'admin-1': ['admin'], 'finance-1': ['finance'], 'agent-1': [] };
const roleDirectory: RoleDirectory = {
  holdsAnyRole: async (userId, roles) => (HELD[userId] ?? []).some((role) => roles.includes(role)),
};

@Roles('admin')
class AdminPages {
  list() {}
  @Roles('admin', 'finance')
  reconciliation() {}
}

class Unmarked {
  page() {}
}

const contextFor = (controller: new () => object, handler: string, userId: string | null, roles?: readonly string[]): ExecutionContext =>
  ({
    getClass: () => controller,
    getHandler: () => (controller.prototype as Record<string, unknown>)[handler],
    switchToHttp: () => ({ getRequest: () => (userId ? { user: { userId, ...(roles ? { roles } : {}) } } : {}) }),
  }) as unknown as ExecutionContext;

const guard = new RolesGuard(new Reflector(), roleDirectory);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    ({ status, code, message }: { status: number; code: string; message: string }) => ({ status, code, message }),
  );

describe('RolesGuard', () => {
  it('answers 401 to a signed-out request, whatever the roles', async () => {
    expect(await refusal(guard.canActivate(contextFor(AdminPages, 'list', null)))).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Please sign in to continue.',
    });
  });

  it('answers 403 to a signed-in user without one of the roles', async () => {
    const denied = { status: 403, code: 'FORBIDDEN', message: "Access Denied: You don't have permission to view this page" };
    expect(await refusal(guard.canActivate(contextFor(AdminPages, 'list', 'agent-1')))).toMatchObject(denied);
    expect(await refusal(guard.canActivate(contextFor(AdminPages, 'list', 'finance-1')))).toMatchObject(denied);
    expect(await refusal(guard.canActivate(contextFor(AdminPages, 'reconciliation', 'agent-1')))).toMatchObject(denied);
  });

  it('lets a user holding any of the roles through, a route’s roles overriding its controller’s', async () => {
    expect(await guard.canActivate(contextFor(AdminPages, 'list', 'admin-1'))).toBe(true);
    expect(await guard.canActivate(contextFor(AdminPages, 'reconciliation', 'admin-1'))).toBe(true);
    expect(await guard.canActivate(contextFor(AdminPages, 'reconciliation', 'finance-1'))).toBe(true);
  });

  it('takes the roles the session was read with, without asking the directory again', async () => {
    // The directory would say otherwise: the session's own roles, read in the same request, decide.
    expect(await guard.canActivate(contextFor(AdminPages, 'list', 'agent-1', ['admin']))).toBe(true);
    expect(await refusal(guard.canActivate(contextFor(AdminPages, 'list', 'admin-1', [])))).toMatchObject({ status: 403 });
    expect(await guard.canActivate(contextFor(AdminPages, 'reconciliation', 'agent-1', ['finance']))).toBe(true);
  });

  it('lets nobody through a route that names no roles', async () => {
    expect(await refusal(guard.canActivate(contextFor(Unmarked, 'page', 'admin-1')))).toMatchObject({ status: 403 });
  });
});
