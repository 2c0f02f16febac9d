import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { PrepRegistrationAnswer } from '../../contracts/prep-form.js';
import type { RegistrationInput } from './register-for-prep-course.request.js';

/**
 * A visitor registers for a course weekend. `honeypot` is true when the form's hidden field was
 * filled (a bot): the answer then looks the same, and nothing is stored or sent.
 */
export class RegisterForPrepCourse extends Command<PrepRegistrationAnswer> {
  constructor(
    readonly input: RegistrationInput & { readonly honeypot: boolean },
    readonly context: CommandContext,
  ) {
    super();
  }
}
