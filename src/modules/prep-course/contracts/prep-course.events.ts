/** Events of the prep-course module, relayed from its outbox to the event store. */
export type PrepSessionScheduled = {
  readonly type: 'PrepSessionScheduled';
  readonly data: { readonly sessionId: string; readonly saturday: string; readonly capacity: number };
};
export type PrepSessionCapacitySet = { readonly type: 'PrepSessionCapacitySet'; readonly data: { readonly sessionId: string; readonly capacity: number } };
/** Its registrants are mailed the new dates; their reminders follow the new Saturday. */
export type PrepSessionMoved = {
  readonly type: 'PrepSessionMoved';
  readonly data: { readonly sessionId: string; readonly from: string; readonly to: string };
};
/** Its registrants are mailed that it will not take place; no reminder goes out for it. */
export type PrepSessionCancelled = { readonly type: 'PrepSessionCancelled'; readonly data: { readonly sessionId: string; readonly saturday: string } };
/**
 * A registration made, or changed (`updated`), now in force: its confirmation is mailed. `confirmedVia`
 * says how the address was shown to be the registrant's: the mailed link of request `requestId`, or the
 * signed-in agent's own verified account e-mail (absent on the events stored before confirmations).
 */
export type PrepRegistrationSubmitted = {
  readonly type: 'PrepRegistrationSubmitted';
  readonly data: {
    readonly registrationId: string;
    readonly sessionId: string;
    readonly saturday: string;
    readonly updated: boolean;
    readonly confirmedVia?: 'email' | 'account';
    readonly requestId?: string;
  };
};
/**
 * Someone sent the form for an address that has not confirmed it: a new registration
 * (`registrationId` null) or a change to the registration `registrationId`. Nothing is in force yet;
 * the address is mailed a link that applies it once.
 */
export type PrepRegistrationRequested = {
  readonly type: 'PrepRegistrationRequested';
  readonly data: { readonly requestId: string; readonly sessionId: string; readonly saturday: string; readonly registrationId: string | null };
};

export type PrepSessionEvent = PrepSessionScheduled | PrepSessionCapacitySet | PrepSessionMoved | PrepSessionCancelled;
export type PrepCourseEvent = PrepSessionEvent | PrepRegistrationSubmitted | PrepRegistrationRequested;

export const prepSessionStream = (sessionId: string) => `prepsession-${sessionId}`;
export const prepRegistrationStream = (registrationId: string) => `prepregistration-${registrationId}`;
export const prepRegistrationRequestStream = (requestId: string) => `prepregistrationrequest-${requestId}`;
