import { Global, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import type pg from 'pg';

import { ROLE_DIRECTORY, type RoleDirectory } from '../../platform/auth/role-directory.port.js';
import type { PlatformConfig } from '../../platform/config/config.js';
import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { CONFIG, JOB_QUEUE, MAILER, SESSION_STORE, SQL_POOL } from '../../platform/tokens.js';
import { ApproveEmailController } from './commands/approve-email/approve-email.admin.http.controller.js';
import { ApproveEmailHandler } from './commands/approve-email/approve-email.handler.js';
import { AssignSatLeaderController } from './commands/assign-sat-leader/assign-sat-leader.admin.http.controller.js';
import { AssignSatLeaderHandler } from './commands/assign-sat-leader/assign-sat-leader.handler.js';
import { ChangeAvatarHandler } from './commands/change-avatar/change-avatar.handler.js';
import { ChangeAvatarController } from './commands/change-avatar/change-avatar.http.controller.js';
import { ChooseSatLeaderHandler } from './commands/choose-sat-leader/choose-sat-leader.handler.js';
import { ChooseSatLeaderController } from './commands/choose-sat-leader/choose-sat-leader.http.controller.js';
import { ChooseTrainingDivisionHandler } from './commands/choose-training-division/choose-training-division.handler.js';
import { ChooseTrainingDivisionController } from './commands/choose-training-division/choose-training-division.http.controller.js';
import { ConfirmEmailHandler } from './commands/confirm-email/confirm-email.handler.js';
import { ConfirmEmailController } from './commands/confirm-email/confirm-email.http.controller.js';
import { CreateAccountController } from './commands/create-account/create-account.admin.http.controller.js';
import { CreateAccountHandler } from './commands/create-account/create-account.handler.js';
import { CreateAdminHandler } from './commands/create-admin/create-admin.handler.js';
import { RemoveApprovedEmailController } from './commands/remove-approved-email/remove-approved-email.admin.http.controller.js';
import { RemoveApprovedEmailHandler } from './commands/remove-approved-email/remove-approved-email.handler.js';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler.js';
import { ForgotPasswordController } from './commands/request-password-reset/request-password-reset.http.controller.js';
import { ResendConfirmationEmailHandler } from './commands/resend-confirmation-email/resend-confirmation-email.handler.js';
import { ResendConfirmationController } from './commands/resend-confirmation-email/resend-confirmation-email.http.controller.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { ResetPasswordController } from './commands/reset-password/reset-password.http.controller.js';
import { SetAccountDisabledController } from './commands/set-account-disabled/set-account-disabled.admin.http.controller.js';
import { SetAccountDisabledHandler } from './commands/set-account-disabled/set-account-disabled.handler.js';
import { SetAdminRoleController } from './commands/set-admin-role/set-admin-role.admin.http.controller.js';
import { SetAdminRoleHandler } from './commands/set-admin-role/set-admin-role.handler.js';
import { SetSatLeaderRoleController } from './commands/set-sat-leader-role/set-sat-leader-role.admin.http.controller.js';
import { SetSatLeaderRoleHandler } from './commands/set-sat-leader-role/set-sat-leader-role.handler.js';
import { ExternalSignInController } from './commands/sign-in-with-external-profile/external-sign-in.http.controller.js';
import { OidcProviders } from './commands/sign-in-with-external-profile/oidc-providers.js';
import { SignInWithExternalProfileHandler } from './commands/sign-in-with-external-profile/sign-in-with-external-profile.handler.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { SignInController } from './commands/sign-in/sign-in.http.controller.js';
import { SignOutHandler } from './commands/sign-out/sign-out.handler.js';
import { SignOutController } from './commands/sign-out/sign-out.http.controller.js';
import { SignUpHandler } from './commands/sign-up/sign-up.handler.js';
import { SignUpController } from './commands/sign-up/sign-up.http.controller.js';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler.js';
import { UpdateProfileController } from './commands/update-profile/update-profile.http.controller.js';
import { hasRole } from './contracts/user-directory.js';
import { DemoAccountsService } from './demo/demo-accounts.js';
import type { IdentityConfig } from './identity.config.js';
import { confirmationEmailTriggers, registerConfirmationEmailJob } from './jobs/send-confirmation-email.job.js';
import { invitationEmailTriggers, registerInvitationEmailJob } from './jobs/send-invitation-email.job.js';
import { passwordResetEmailTriggers, registerPasswordResetEmailJob } from './jobs/send-password-reset-email.job.js';
import { GetAvatarController } from './queries/get-avatar/get-avatar.http.controller.js';
import { GetMyProfileController } from './queries/get-my-profile/get-my-profile.http.controller.js';
import { GetSessionController } from './queries/get-session/get-session.http.controller.js';
import { ListApprovedEmailsController } from './queries/list-approved-emails/list-approved-emails.admin.http.controller.js';
import { ListSatLeadersController } from './queries/list-sat-leaders/list-sat-leaders.http.controller.js';
import { ListUsersController } from './queries/list-users/list-users.admin.http.controller.js';
import { SqlSessionStore } from './services/sql-session-store.js';

/** The events of this module that start jobs; AppModule hands them to the dispatcher. */
export const identityJobTriggers = [...confirmationEmailTriggers, ...passwordResetEmailTriggers, ...invitationEmailTriggers];

@Injectable()
class IdentityJobs implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
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

/**
 * Accounts: signing up, confirming, signing in (password, Microsoft, Google) and out. Provides
 * the platform's SessionStore and RoleDirectory ports; global, because the platform's
 * SessionGuard and RolesGuard run in every module's routes.
 */
@Global()
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
    AssignSatLeaderController,
    ChooseTrainingDivisionController,
    ExternalSignInController,
    ListUsersController,
    SetAdminRoleController,
    SetSatLeaderRoleController,
    SetAccountDisabledController,
    CreateAccountController,
    ListApprovedEmailsController,
    ApproveEmailController,
    RemoveApprovedEmailController,
    GetMyProfileController,
    UpdateProfileController,
    ChangeAvatarController,
    GetAvatarController,
  ],
  providers: [
    SignUpHandler,
    ConfirmEmailHandler,
    RequestPasswordResetHandler,
    ResendConfirmationEmailHandler,
    ResetPasswordHandler,
    SignInHandler,
    SignInWithExternalProfileHandler,
    SignOutHandler,
    ChooseSatLeaderHandler,
    AssignSatLeaderHandler,
    ChooseTrainingDivisionHandler,
    SetAdminRoleHandler,
    SetSatLeaderRoleHandler,
    SetAccountDisabledHandler,
    CreateAccountHandler,
    CreateAdminHandler,
    ApproveEmailHandler,
    RemoveApprovedEmailHandler,
    UpdateProfileHandler,
    ChangeAvatarHandler,
    DemoAccountsService,
    IdentityJobs,
    {
      provide: OidcProviders,
      useFactory: (config: IdentityConfig) => new OidcProviders(config.oidc, `${config.publicUrl}/auth/callback`, config.staffEmailDomain),
      inject: [CONFIG],
    },
    { provide: SESSION_STORE, inject: [SQL_POOL, CONFIG], useFactory: (pool: pg.Pool, config: PlatformConfig) => new SqlSessionStore(pool, config.session) },
    {
      provide: ROLE_DIRECTORY,
      inject: [SQL_POOL],
      useFactory: (pool: pg.Pool): RoleDirectory => ({ holdsAnyRole: (userId, roles) => hasRole(pool, userId, roles) }),
    },
  ],
  exports: [DemoAccountsService, SESSION_STORE, ROLE_DIRECTORY],
})
export class IdentityModule {}
