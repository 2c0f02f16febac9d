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

/** What a registration answers. */
export type PrepRegistrationAnswer = {
  readonly registrationId: string;
  readonly session: OfferedSession;
  /** 'sent' when the confirmation went out while the request waited; 'delayed' when it is still queued (or its delivery failing). */
  readonly email: 'sent' | 'delayed';
};
