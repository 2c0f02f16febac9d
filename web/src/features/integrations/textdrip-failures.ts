/** The spec's words when no one is signed in (Authentication Required). */
export const TEXTDRIP_SIGN_IN_NEEDED = 'Please log in to connect Textdrip integration.';

/** Why a Textdrip connection did not go through, as the server names it (/textdrip/failed?reason=…, claim's reason), in words. */
const FAILURES: Record<string, string> = {
  signed_out: TEXTDRIP_SIGN_IN_NEEDED,
  too_many: 'Too many connection attempts in a short time. Please wait a few minutes, then try again.',
  invalid_request: 'This connection request was not valid. Start again with Connect on the Textdrip page.',
  expired: 'This connection request expired (each lasts 10 minutes). Please try again.',
  used: 'This connection request was already used. If Textdrip does not show as connected, please try again.',
  other_account: 'This connection was started from another portal account. Sign in with that account, or start again with Connect.',
  mismatch: "Textdrip's answer did not match this connection request. Please try again.",
  denied: 'Access was not allowed in Textdrip. Choose Allow to connect your account.',
  invalid_token: "Textdrip did not confirm your account's access. Sign in to Textdrip again, then try again.",
  unavailable: 'Textdrip could not be reached to confirm the connection. Please try again in a few minutes.',
};

/** The words for a reason code; null for none or one this page does not know (never the raw text of an address). */
export const textdripFailure = (reason: string | null | undefined): string | null => (reason && Object.hasOwn(FAILURES, reason) ? FAILURES[reason]! : null);
