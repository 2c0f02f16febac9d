import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { dayIn } from '../../../platform/time/org-time.js';
import { dollars } from './wallet.decider.js';

/**
 * Auto-recharge of one agent's wallet: when the available balance falls below a threshold,
 * a saved card is charged a set amount, at most a daily cap, and after two failed charges in
 * a row it pauses itself until the agent changes the settings. Decided on `autorecharge-<userId>`;
 * the charge and the credit are later steps of the process (jobs/auto-recharge.job.ts).
 */
export const autoRechargeStream = (userId: string) => `autorecharge-${userId}`;

export type AutoRechargeSettings = {
  readonly enabled: boolean;
  readonly thresholdCents: number;
  readonly amountCents: number;
  readonly cardId: string;
  readonly dailyCapCents: number;
};

export type AutoRechargeEvent =
  | { type: 'AutoRechargeConfigured'; data: AutoRechargeSettings & { userId: string } }
  | {
      type: 'AutoRechargeStarted';
      data: {
        userId: string;
        attemptId: string;
        amountCents: number;
        cardId: string;
        availableCents: number;
        thresholdCents: number;
        causeEventId: string;
        day: string;
        startedAt: string;
      };
    }
  | { type: 'AutoRechargeSucceeded'; data: { userId: string; attemptId: string; paymentId: string; amountCents: number; at: string } }
  | { type: 'AutoRechargeFailed'; data: { userId: string; attemptId: string; message: string } }
  | { type: 'AutoRechargePaused'; data: { userId: string; reason: string } };

export type AutoRechargeCommand =
  | ({ type: 'Configure'; userId: string } & AutoRechargeSettings)
  | {
      type: 'Trigger';
      userId: string;
      attemptId: string;
      availableCents: number;
      causeEventId: string;
      /**
       * The payments the wallet had credited when `availableCents` was read (read before this
       * decision): a successful charge not among them is not in that balance yet.
       */
      walletPaymentIds: readonly string[];
      /** The organisation's time zone: the daily cap counts its calendar days. */
      timeZone: string;
    }
  | { type: 'RecordOutcome'; userId: string; attemptId: string; outcome: { succeeded: true; paymentId: string } | { succeeded: false; message: string } };

export type AutoRechargeState = {
  readonly settings: AutoRechargeSettings | null;
  readonly failuresInARow: number;
  readonly paused: boolean;
  readonly pending: { readonly attemptId: string; readonly startedAt: string; readonly amountCents: number } | null;
  /** A charge that succeeded but may not be in the wallet yet: until it is, the balance does not show it. */
  readonly awaitingCredit: { readonly paymentId: string; readonly since: string } | null;
  /** Charged (or under way) on `day` (the organisation's calendar day), for the daily cap. */
  readonly today: { readonly day: string; readonly cents: number };
};

/** Two failed charges in a row pause auto-recharge. */
export const FAILURES_BEFORE_PAUSE = 2;
/** A charge with no outcome after this long no longer blocks the next one (its job was lost). */
export const PENDING_TIMEOUT_MS = 15 * 60_000;
export const MIN_RECHARGE_CENTS = 500;
export const MAX_RECHARGE_CENTS = 500_000;
export const MAX_DAILY_CAP_CENTS = 2_000_000;

const initialState = (): AutoRechargeState => ({
  settings: null,
  failuresInARow: 0,
  paused: false,
  pending: null,
  awaitingCredit: null,
  today: { day: '', cents: 0 },
});

function decide(command: AutoRechargeCommand, state: AutoRechargeState, now: Date): readonly AutoRechargeEvent[] {
  switch (command.type) {
    case 'Configure': {
      const { type: _type, ...settings } = command;
      validate(settings);
      return [{ type: 'AutoRechargeConfigured', data: settings }];
    }
    case 'Trigger': {
      const settings = state.settings;
      if (!settings?.enabled || state.paused) return [];
      if (command.availableCents >= settings.thresholdCents) return [];
      if (state.pending && now.getTime() - new Date(state.pending.startedAt).getTime() < PENDING_TIMEOUT_MS) return [];
      if (
        state.awaitingCredit &&
        !command.walletPaymentIds.includes(state.awaitingCredit.paymentId) &&
        now.getTime() - new Date(state.awaitingCredit.since).getTime() < PENDING_TIMEOUT_MS
      )
        return [];
      const day = dayIn(now, command.timeZone);
      const chargedToday = state.today.day === day ? state.today.cents : 0;
      if (chargedToday + settings.amountCents > settings.dailyCapCents) return [];
      return [
        {
          type: 'AutoRechargeStarted',
          data: {
            userId: command.userId,
            attemptId: command.attemptId,
            amountCents: settings.amountCents,
            cardId: settings.cardId,
            availableCents: command.availableCents,
            thresholdCents: settings.thresholdCents,
            causeEventId: command.causeEventId,
            day,
            startedAt: now.toISOString(),
          },
        },
      ];
    }
    case 'RecordOutcome': {
      if (state.pending?.attemptId !== command.attemptId) return [];
      if (command.outcome.succeeded) {
        return [
          {
            type: 'AutoRechargeSucceeded',
            data: {
              userId: command.userId,
              attemptId: command.attemptId,
              paymentId: command.outcome.paymentId,
              amountCents: state.pending.amountCents,
              at: now.toISOString(),
            },
          },
        ];
      }
      const failed: AutoRechargeEvent = {
        type: 'AutoRechargeFailed',
        data: { userId: command.userId, attemptId: command.attemptId, message: command.outcome.message },
      };
      if (state.failuresInARow + 1 < FAILURES_BEFORE_PAUSE) return [failed];
      return [
        failed,
        {
          type: 'AutoRechargePaused',
          data: { userId: command.userId, reason: `${FAILURES_BEFORE_PAUSE} charges in a row failed; the last said: ${command.outcome.message}` },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: AutoRechargeState, event: AutoRechargeEvent): AutoRechargeState {
  switch (event.type) {
    case 'AutoRechargeConfigured': {
      const { userId: _userId, ...settings } = event.data;
      // Saving the settings is the agent's answer to a pause: it starts afresh.
      return { ...state, settings, paused: false, failuresInARow: 0 };
    }
    case 'AutoRechargeStarted': {
      const sameDay = state.today.day === event.data.day;
      return {
        ...state,
        pending: { attemptId: event.data.attemptId, startedAt: event.data.startedAt, amountCents: event.data.amountCents },
        today: { day: event.data.day, cents: (sameDay ? state.today.cents : 0) + event.data.amountCents },
      };
    }
    case 'AutoRechargeSucceeded':
      return { ...state, pending: null, failuresInARow: 0, awaitingCredit: { paymentId: event.data.paymentId, since: event.data.at } };
    case 'AutoRechargeFailed': {
      // A failed charge took no money: it does not count against the daily cap.
      const refunded = state.pending ? Math.max(0, state.today.cents - state.pending.amountCents) : state.today.cents;
      return { ...state, pending: null, failuresInARow: state.failuresInARow + 1, today: { ...state.today, cents: refunded } };
    }
    case 'AutoRechargePaused':
      return { ...state, paused: true };
    default:
      return assertNever(event);
  }
}

function validate(settings: AutoRechargeSettings): void {
  const problems: string[] = [];
  const whole = (value: number) => Number.isSafeInteger(value);
  if (!whole(settings.amountCents) || settings.amountCents < MIN_RECHARGE_CENTS || settings.amountCents > MAX_RECHARGE_CENTS) {
    problems.push('Amount must be between $5 and $5,000');
  }
  if (!whole(settings.thresholdCents) || settings.thresholdCents < 0 || settings.thresholdCents > MAX_RECHARGE_CENTS) {
    problems.push('Threshold must be between $0 and $5,000');
  }
  if (!whole(settings.dailyCapCents) || settings.dailyCapCents < settings.amountCents || settings.dailyCapCents > MAX_DAILY_CAP_CENTS) {
    problems.push(`Daily limit must be at least the recharge amount and at most ${dollars(MAX_DAILY_CAP_CENTS)}`);
  }
  if (settings.enabled && !settings.cardId) problems.push('Choose a saved card to charge');
  if (problems.length > 0) throw new DomainError('INVALID_AUTO_RECHARGE', problems.join('. '), 400);
}

export const autoRechargeDecider: Decider<AutoRechargeCommand, AutoRechargeEvent, AutoRechargeState> = { initialState, evolve, decide };
