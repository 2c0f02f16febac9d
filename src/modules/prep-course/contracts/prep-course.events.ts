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
/** A registration made, or made again by the same e-mail for the same weekend (`updated`): its confirmation is mailed. */
export type PrepRegistrationSubmitted = {
  readonly type: 'PrepRegistrationSubmitted';
  readonly data: { readonly registrationId: string; readonly sessionId: string; readonly saturday: string; readonly updated: boolean };
};

export type PrepSessionEvent = PrepSessionScheduled | PrepSessionCapacitySet | PrepSessionMoved | PrepSessionCancelled;
export type PrepCourseEvent = PrepSessionEvent | PrepRegistrationSubmitted;

export const prepSessionStream = (sessionId: string) => `prepsession-${sessionId}`;
export const prepRegistrationStream = (registrationId: string) => `prepregistration-${registrationId}`;
