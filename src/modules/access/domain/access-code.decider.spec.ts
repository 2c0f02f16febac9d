import { describe, it } from 'vitest';

import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import { accessCodeDecider, type AccessCodeEvent } from './access-code.decider.js';

const given = givenWhenThen(accessCodeDecider);
const now = new Date('2026-11-22T12:00:00Z');
const created = (extra: Partial<Extract<AccessCodeEvent, { type: 'AccessCodeCreated' }>['data']> = {}): AccessCodeEvent => ({
  type: 'AccessCodeCreated',
  data: { codeId: 'c1', codeHash: 'h', label: 'November cohort', grantsHours: 8, expiresAt: null, maxUses: null, createdBy: 'admin-1', ...extra },
});
const redeemed = (userId: string, redemptionId = `r-${userId}`): AccessCodeEvent => ({
  type: 'AccessCodeRedeemed',
  data: { codeId: 'c1', userId, redemptionId, grantsHours: 8 },
});
const refused = (userId: string, redemptionId = `r-${userId}`): AccessCodeEvent => ({
  type: 'AccessCodeRedemptionRefused',
  data: { codeId: 'c1', userId, redemptionId },
});
const create = {
  type: 'CreateAccessCode' as const,
  codeId: 'c1',
  codeHash: 'h',
  label: 'November cohort',
  grantsHours: 8,
  expiresAt: null,
  maxUses: null,
  adminId: 'admin-1',
};

describe('access codes', () => {
  it('creates a code that grants hours of elevated access', () => {
    given([]).when(create, now).then([created()]);
  });

  it('refuses a grant outside 1 to 2160 hours, an expiry in the past and a maximum below 1', () => {
    given([])
      .when({ ...create, grantsHours: 0 }, now)
      .thenRefuses('INVALID_GRANT');
    given([])
      .when({ ...create, grantsHours: 2161 }, now)
      .thenRefuses('INVALID_GRANT');
    given([])
      .when({ ...create, expiresAt: new Date('2026-11-22T11:00:00Z') }, now)
      .thenRefuses('INVALID_EXPIRY');
    given([])
      .when({ ...create, maxUses: 0 }, now)
      .thenRefuses('INVALID_MAX_USES');
  });

  it('lets an agent redeem an active code, and says how many hours it grants', () => {
    given([created()])
      .when({ type: 'RedeemAccessCode', userId: 'u1', redemptionId: 'r-u1' }, now)
      .then([redeemed('u1')]);
  });

  it('records a refusal for a disabled, expired or used-up code, so the agent’s side can follow it', () => {
    const redeem = { type: 'RedeemAccessCode' as const, userId: 'u9', redemptionId: 'r-u9' };
    given([created(), { type: 'AccessCodeDisabled', data: { codeId: 'c1', disabledBy: 'admin-1' } }])
      .when(redeem, now)
      .then([refused('u9')]);
    given([created({ expiresAt: '2026-11-22T12:00:00.000Z' })])
      .when(redeem, now)
      .then([refused('u9')]);
    given([created({ maxUses: 2 }), redeemed('u1'), redeemed('u2')])
      .when(redeem, now)
      .then([refused('u9')]);
    given([created({ maxUses: 2 }), redeemed('u1'), refused('u3')])
      .when(redeem, now)
      .then([redeemed('u9')]);
  });

  it('refuses to redeem a code that was never created', () => {
    given([]).when({ type: 'RedeemAccessCode', userId: 'u9', redemptionId: 'r-u9' }, now).thenRefuses('ACCESS_CODE_NOT_FOUND');
  });

  it('disables a code once', () => {
    const disable = { type: 'DisableAccessCode' as const, adminId: 'admin-2' };
    given([created()])
      .when(disable, now)
      .then([{ type: 'AccessCodeDisabled', data: { codeId: 'c1', disabledBy: 'admin-2' } }]);
    given([created(), { type: 'AccessCodeDisabled', data: { codeId: 'c1', disabledBy: 'admin-1' } }])
      .when(disable, now)
      .then([]);
    given([]).when(disable, now).thenRefuses('ACCESS_CODE_NOT_FOUND');
  });
});
