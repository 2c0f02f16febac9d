import { Module } from '@nestjs/common';
import { SignInController } from './commands/sign-in/sign-in.http.controller.js';
import { SignInHandler } from './commands/sign-in/sign-in.handler.js';
import { SignOutController } from './commands/sign-out/sign-out.http.controller.js';
import { DemoAccountsService } from './demo/demo-accounts.js';
import { GetSessionController } from './queries/get-session/get-session.http.controller.js';

/** Accounts and signing in and out. */
@Module({
  controllers: [SignInController, SignOutController, GetSessionController],
  providers: [SignInHandler, DemoAccountsService],
  exports: [DemoAccountsService],
})
export class IdentityModule {}
