import { z } from 'zod';

import { ValidationFailed } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';

/** The spec's words when the title or the content is blank after trimming. */
export const TITLE_AND_CONTENT_REQUIRED = 'Title and content are required';

const instant = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true, message: `${label} must be a date and time (ISO 8601)` }), z.null()])
    .optional()
    .transform((value) => (value ? new Date(value) : null));

/** The body of creating and of editing one: plain text (links are made clickable when shown, nothing else is markup), optional window. */
const announcementBody = z
  .strictObject({
    title: z.string({ message: TITLE_AND_CONTENT_REQUIRED }).trim().min(1, TITLE_AND_CONTENT_REQUIRED).max(200, 'The title is at most 200 characters'),
    content: z.string({ message: TITLE_AND_CONTENT_REQUIRED }).trim().min(1, TITLE_AND_CONTENT_REQUIRED).max(5000, 'The content is at most 5,000 characters'),
    publishFrom: instant('Publish from'),
    expiresAt: instant('Expires at'),
  })
  .refine((body) => !body.publishFrom || !body.expiresAt || body.expiresAt > body.publishFrom, {
    path: ['expiresAt'],
    message: 'The expiry must be after the publish time',
  });

export type AnnouncementInput = z.output<typeof announcementBody>;

/** Validates an announcement's body; a blank title or content is refused with the spec's words as the message. */
export function announcementInput(body: unknown): AnnouncementInput {
  try {
    return validate(announcementBody, body ?? {});
  } catch (error) {
    if (error instanceof ValidationFailed && error.fieldErrors?.some((field) => field.message === TITLE_AND_CONTENT_REQUIRED)) {
      throw new ValidationFailed(error.fieldErrors, TITLE_AND_CONTENT_REQUIRED);
    }
    throw error;
  }
}
