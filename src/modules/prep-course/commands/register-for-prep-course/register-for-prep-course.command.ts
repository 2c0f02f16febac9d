import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { PrepRegistrationAnswer } from '../../contracts/prep-form.js';
import type { RegistrationInput } from './register-for-prep-course.request.js';

/**
 * Someone sends the registration form for a course weekend. `honeypot` is true when the form's
 * hidden field was filled (a bot): the answer then looks the same, and nothing is stored or sent.
 * `signedInEmail` is the sender's account e-mail when signed in: naming it registers at once;
 * anything else waits for the link mailed to the address. The idempotency key names the request,
 * so the same form sent again under it asks nothing twice.
 */
export class RegisterForPrepCourse extends Command<PrepRegistrationAnswer> {
  constructor(
    readonly input: RegistrationInput & { readonly honeypot: boolean; readonly signedInEmail: string | null },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
