import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';

/**
 * An access code as admins manage it, and the one place that decides whether it may be used
 * once more (its maximum uses hold however many agents redeem it at once). Only a hash of
 * the code itself is ever stored.
 */
export type AccessCodeEvent =
  | {
      type: 'AccessCodeCreated';
      data: { codeId: string; codeHash: string; label: string; grantsHours: number; expiresAt: string | null; maxUses: number | null; createdBy: string };
    }
  | { type: 'AccessCodeDisabled'; data: { codeId: string; disabledBy: string } }
  | { type: 'AccessCodeRedeemed'; data: { codeId: string; userId: string; redemptionId?: string; grantsHours?: number } }
  | { type: 'AccessCodeRedemptionRefused'; data: { codeId: string; userId: string; redemptionId: string } };

export type AccessCodeCommand =
  | {
      type: 'CreateAccessCode';
      codeId: string;
      codeHash: string;
      label: string;
      grantsHours: number;
      expiresAt: Date | null;
      maxUses: number | null;
      adminId: string;
    }
  | { type: 'DisableAccessCode'; adminId: string }
  | { type: 'RedeemAccessCode'; userId: string; redemptionId: string };

export type AccessCodeState =
  { status: 'none' } | { status: 'active' | 'disabled'; codeId: string; grantsHours: number; expiresAt: string | null; maxUses: number | null; uses: number };

export const MAX_GRANT_HOURS = 24 * 90;

export const accessCodeDecider: Decider<AccessCodeCommand, AccessCodeEvent, AccessCodeState> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'AccessCodeCreated':
        return {
          status: 'active',
          codeId: event.data.codeId,
          grantsHours: event.data.grantsHours,
          expiresAt: event.data.expiresAt,
          maxUses: event.data.maxUses,
          uses: 0,
        };
      case 'AccessCodeDisabled':
        return state.status === 'none' ? state : { ...state, status: 'disabled' };
      case 'AccessCodeRedeemed':
        return state.status === 'none' ? state : { ...state, uses: state.uses + 1 };
      case 'AccessCodeRedemptionRefused':
        return state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state, now) {
    switch (command.type) {
      case 'CreateAccessCode': {
        if (state.status !== 'none') throw new DomainError('ACCESS_CODE_EXISTS', 'This access code already exists.', 409);
        if (!Number.isInteger(command.grantsHours) || command.grantsHours < 1 || command.grantsHours > MAX_GRANT_HOURS) {
          throw new DomainError('INVALID_GRANT', `A code grants between 1 and ${MAX_GRANT_HOURS} hours of access.`, 400);
        }
        if (command.expiresAt && command.expiresAt <= now) throw new DomainError('INVALID_EXPIRY', 'The expiry must be in the future.', 400);
        if (command.maxUses !== null && (!Number.isInteger(command.maxUses) || command.maxUses < 1)) {
          throw new DomainError('INVALID_MAX_USES', 'Maximum uses must be a whole number of at least 1.', 400);
        }
        return [
          {
            type: 'AccessCodeCreated',
            data: {
              codeId: command.codeId,
              codeHash: command.codeHash,
              label: command.label,
              grantsHours: command.grantsHours,
              expiresAt: command.expiresAt?.toISOString() ?? null,
              maxUses: command.maxUses,
              createdBy: command.adminId,
            },
          },
        ];
      }
      case 'DisableAccessCode':
        if (state.status === 'none') throw new DomainError('ACCESS_CODE_NOT_FOUND', 'No such access code.', 404);
        if (state.status === 'disabled') return [];
        return [{ type: 'AccessCodeDisabled', data: { codeId: state.codeId, disabledBy: command.adminId } }];
      case 'RedeemAccessCode': {
        // A step of the redemption process: the answer is recorded either way, so the agent's side can follow it.
        if (state.status === 'none') throw new DomainError('ACCESS_CODE_NOT_FOUND', 'No such access code.', 404);
        const data = { codeId: state.codeId, userId: command.userId, redemptionId: command.redemptionId };
        if (!isUsable(state, now)) return [{ type: 'AccessCodeRedemptionRefused', data }];
        return [{ type: 'AccessCodeRedeemed', data: { ...data, grantsHours: state.grantsHours } }];
      }
      default:
        return assertNever(command);
    }
  },
};

export function isUsable(state: AccessCodeState, now: Date): state is Exclude<AccessCodeState, { status: 'none' }> & { status: 'active' } {
  if (state.status !== 'active') return false;
  if (state.expiresAt && new Date(state.expiresAt) <= now) return false;
  return state.maxUses === null || state.uses < state.maxUses;
}
