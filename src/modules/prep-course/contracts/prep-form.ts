/** The prep course form's choices and messages, shared by the page and the server (spec sections 5, 8 and 9). */

export const PREP_OFFICES = [
  { value: 'east-tampa', label: 'East Tampa' },
  { value: 'west-tampa-tran', label: 'West Tampa – Kevin Tran' },
  { value: 'west-tampa-kim', label: 'West Tampa – Rachel Kim' },
  { value: 'south-tampa', label: 'South Tampa – Marcus Hale & Tasha Greene' },
  { value: 'not-sure', label: 'Not sure' },
  { value: 'other', label: 'Other' },
] as const;

export type PrepOffice = (typeof PREP_OFFICES)[number]['value'];

export const EXAM_ATTEMPTS = ['Never', 'Once', 'Twice', '3+'] as const;
export type ExamAttempts = (typeof EXAM_ATTEMPTS)[number];

export const officeLabel = (office: PrepOffice): string => PREP_OFFICES.find((o) => o.value === office)!.label;

export const PREP_MESSAGES = {
  title: '2-15 License Prep – Pass your exam!',
  commitment: 'Please confirm your commitment to proceed.',
  invalidDate: 'Invalid date selection',
  failed: 'Registration failed. Please try again.',
  success: 'Registration successful! Check your email for details.',
  emailDelayed: 'Registered. Email may be delayed — you can still download materials below.',
  registered: "You're Registered!",
  full: 'This course weekend is full. Please choose another date.',
  footer: 'Courses are held every other weekend.',
  checkEmail: 'Check your email to confirm',
  pending: 'Almost there! Open the link we e-mailed you to confirm your registration.',
  updated: 'Your registration is updated.',
  cancelled: 'This course weekend was cancelled. Please register for another weekend.',
  started: 'This course weekend has already started. Please register for another weekend.',
} as const;

/** The name of the form's hidden honeypot field: people never fill it, form-filling bots do. */
export const HONEYPOT_FIELD = 'website';

/** A course weekend as the public API offers it. */
export type OfferedSession = {
  readonly sessionId: string;
  readonly saturday: string;
  readonly sunday: string;
  readonly dateIso: string;
  readonly label: string;
};

/** A registration in force: registered by a signed-in agent with their own account e-mail, or confirmed from the mailbox. */
export type PrepRegistered = {
  readonly status: 'registered';
  readonly registrationId: string;
  readonly session: OfferedSession;
  /** True when it changed an earlier registration of the same e-mail for the same weekend. */
  readonly updated: boolean;
  /** 'sent' when the confirmation went out while the request waited; 'delayed' when it is still queued (or its delivery failing). */
  readonly email: 'sent' | 'delayed';
};

/** A registration, or a change to one, waiting for the link mailed to its address; nothing is in force yet. Alike for a new one and a change, so the answer tells nobody who is registered. */
export type PrepRegistrationPending = {
  readonly status: 'pending';
  readonly session: OfferedSession;
  /** Whether the mail with the link went out while the request waited. */
  readonly email: 'sent' | 'delayed';
};

/** What a registration answers. */
export type PrepRegistrationAnswer = PrepRegistered | PrepRegistrationPending;

/** What a confirmation link would do, shown before it is followed. */
export type PrepConfirmationPreview = {
  readonly kind: 'registration' | 'change';
  readonly session: OfferedSession;
  readonly email: string;
  readonly details: { readonly firstName: string; readonly lastName: string; readonly officeLabel: string; readonly examAttempts: string };
  /** For a change: each field that would change, from and to. */
  readonly changes: readonly { readonly label: string; readonly from: string; readonly to: string }[];
};
