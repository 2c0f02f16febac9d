import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';

import type { AppConfig } from '../../platform/config/config.js';
import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { CONFIG, JOB_QUEUE, MAILER, SQL_POOL } from '../../platform/tokens.js';
import { AdministerAccountController } from './commands/administer-account/administer-account.admin.http.controller.js';
import { AdministerAccountHandler } from './commands/administer-account/administer-account.handler.js';
import { ChooseSatLeaderHandler } from './commands/choose-sat-leader/choose-sat-leader.handler.js';
import { ChooseSatLeaderController } from './commands/choose-sat-leader/choose-sat-leader.http.controller.js';
import { ConfirmEmailHandler } from './commands/confirm-email/confirm-email.handler.js';
import { ConfirmEmailController } from './commands/confirm-email/confirm-email.http.controller.js';
import { CreateAccountController } from './commands/create-account/create-account.admin.http.controller.js';
import { CreateAccountHandler } from './commands/create-account/create-account.handler.js';
import { SignInWithExternalProfileHandler } from './commands/external-sign-in/external-sign-in.handler.js';
import { ExternalSignInController } from './commands/external-sign-in/external-sign-in.http.controller.js';
import { OidcProviders } from './commands/external-sign-in/oidc-providers.js';
import { ForgotPasswordController } from './commands/forgot-password/forgot-password.http.controller.js';
import { ApprovedEmailsAdminController } from './commands/manage-approved-emails/approved-emails.admin.http.controller.js';
import { ManageApprovedEmailHandler } from './commands/manage-approved-emails/manage-approved-emails.handler.js';
import { RequestEmailLinkHandler } from './commands/request-email-link/request-email-link.handler.js';
import { ResendConfirmationController } from './commands/resend-confirmation/resend-confirmation.http.controller.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { ResetPasswordController } from './commands/reset-password/reset-password.http.controller.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { SignInController } from './commands/sign-in/sign-in.http.controller.js';
import { SignOutHandler } from './commands/sign-out/sign-out.handler.js';
import { SignOutController } from './commands/sign-out/sign-out.http.controller.js';
import { SignUpHandler } from './commands/sign-up/sign-up.handler.js';
import { SignUpController } from './commands/sign-up/sign-up.http.controller.js';
import { DemoAccountsService } from './demo/demo-accounts.js';
import { confirmationEmailTriggers, registerConfirmationEmailJob } from './jobs/send-confirmation-email.job.js';
import { invitationEmailTriggers, registerInvitationEmailJob } from './jobs/send-invitation-email.job.js';
import { passwordResetEmailTriggers, registerPasswordResetEmailJob } from './jobs/send-password-reset-email.job.js';
import { GetSessionController } from './queries/get-session/get-session.http.controller.js';
import { ListSatLeadersController } from './queries/list-sat-leaders/list-sat-leaders.http.controller.js';
import { ListUsersController } from './queries/list-users/list-users.admin.http.controller.js';

/** The events of this module that start jobs; AppModule hands them to the dispatcher. */
export const identityJobTriggers = [...confirmationEmailTriggers, ...passwordResetEmailTriggers, ...invitationEmailTriggers];

@Injectable()
class IdentityJobs implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  onModuleInit(): void {
    registerConfirmationEmailJob(this.jobs, this.pool, this.mailer, this.config.publicUrl);
    registerPasswordResetEmailJob(this.jobs, this.pool, this.mailer, this.config.publicUrl);
    registerInvitationEmailJob(this.jobs, this.pool, this.mailer, this.config.publicUrl);
  }
}

/** Accounts: signing up, confirming, signing in (password, Microsoft, Google) and out. */
@Module({
  controllers: [
    SignUpController,
    ConfirmEmailController,
    ResendConfirmationController,
    ForgotPasswordController,
    ResetPasswordController,
    SignInController,
    SignOutController,
    GetSessionController,
    ListSatLeadersController,
    ChooseSatLeaderController,
    ExternalSignInController,
    ListUsersController,
    AdministerAccountController,
    CreateAccountController,
    ApprovedEmailsAdminController,
  ],
  providers: [
    SignUpHandler,
    ConfirmEmailHandler,
    RequestEmailLinkHandler,
    ResetPasswordHandler,
    SignInHandler,
    SignInWithExternalProfileHandler,
    SignOutHandler,
    ChooseSatLeaderHandler,
    AdministerAccountHandler,
    CreateAccountHandler,
    ManageApprovedEmailHandler,
    DemoAccountsService,
    IdentityJobs,
    {
      provide: OidcProviders,
      useFactory: (config: AppConfig) => new OidcProviders(config.oidc, `${config.publicUrl}/auth/callback`, config.staffEmailDomain),
      inject: [CONFIG],
    },
  ],
  exports: [DemoAccountsService],
})
export class IdentityModule {}
