/**
 * The rules of confirming a registration from the owner's mailbox: who must confirm, what a change
 * would change, and whether a mailed link still works. Pure: the clock is passed in.
 */

/** How long a mailed link works. */
export const CONFIRMATION_LINK_HOURS = 24;

export const linkExpiresAt = (requestedAt: Date): Date => new Date(requestedAt.getTime() + CONFIRMATION_LINK_HOURS * 3_600_000);

/** The details a registrant gives that a change may replace (the weekend and the address name the registration itself). */
export type RegistrationDetails = {
  readonly firstName: string;
  readonly lastName: string;
  readonly officeLabel: string;
  readonly examAttempts: string;
};

export type DetailChange = { readonly label: string; readonly from: string; readonly to: string };

const LABELS: readonly (readonly [keyof RegistrationDetails, string])[] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['officeLabel', 'Office'],
  ['examAttempts', 'Exam attempts so far'],
];

/** What following the link would change in the registration, field by field; empty when the form was sent again unchanged. */
export function detailChanges(current: RegistrationDetails, requested: RegistrationDetails): DetailChange[] {
  return LABELS.filter(([field]) => current[field] !== requested[field]).map(([field, label]) => ({ label, from: current[field], to: requested[field] }));
}

/**
 * Whether the form needs the mailbox's confirmation: always, unless the sender is signed in and
 * names their own account's e-mail, which the portal verified when the account was made (a
 * confirmed sign-up, or a work or Google account that vouches for it).
 */
export function needsMailboxConfirmation(email: string, signedInEmail: string | null): boolean {
  return signedInEmail === null || signedInEmail.trim().toLowerCase() !== email.trim().toLowerCase();
}

export type LinkState = 'open' | 'used' | 'expired';

/** A link works once, and until it expires; one already used says so even after it would have expired. */
export function linkState(link: { readonly confirmedAt: Date | null; readonly expiresAt: Date }, now: Date): LinkState {
  if (link.confirmedAt) return 'used';
  return now.getTime() >= link.expiresAt.getTime() ? 'expired' : 'open';
}

export type LinkRefusal = { readonly status: 400 | 404 | 410; readonly code: string; readonly message: string };

/** What a link that does not work answers, in words a visitor can act on. */
export const LINK_REFUSALS = {
  malformed: {
    status: 400,
    code: 'PREP_LINK_INVALID',
    message: 'This confirmation link is not complete. Open the whole link from the e-mail, or register again.',
  },
  unknown: {
    status: 404,
    code: 'PREP_LINK_UNKNOWN',
    message: 'This confirmation link is not valid. Open the whole link from the e-mail, or register again.',
  },
  expired: {
    status: 410,
    code: 'PREP_LINK_EXPIRED',
    message: `This confirmation link has expired (links work for ${CONFIRMATION_LINK_HOURS} hours). Please register again to get a new one.`,
  },
  used: {
    status: 410,
    code: 'PREP_LINK_USED',
    message: 'This confirmation link was already used. Your registration stands as confirmed; a further change needs a new link.',
  },
} as const satisfies Record<string, LinkRefusal>;
