/** Events of the identity module, relayed from its outbox to the event store. */
export type AccountRegistered = { readonly type: 'AccountRegistered'; readonly data: { readonly userId: string; readonly email: string } };
export type ConfirmationEmailRequested = { readonly type: 'ConfirmationEmailRequested'; readonly data: { readonly userId: string; readonly email: string } };
export type EmailConfirmed = { readonly type: 'EmailConfirmed'; readonly data: { readonly userId: string } };

export type PasswordResetRequested = { readonly type: 'PasswordResetRequested'; readonly data: { readonly userId: string; readonly email: string } };
export type PasswordChanged = { readonly type: 'PasswordChanged'; readonly data: { readonly userId: string; readonly via: 'reset-link' } };

/** A Microsoft or Google identity now signs in to this account; `newAccount` when it created the account. */
export type ExternalIdentityLinked = {
  readonly type: 'ExternalIdentityLinked';
  readonly data: { readonly userId: string; readonly provider: 'azure' | 'google'; readonly email: string; readonly newAccount: boolean };
};

/** An admin changed what an account is or may do; the admin is the event's actor. */
export type AccountAdministered = {
  readonly type: 'AdminRoleGranted' | 'AdminRoleRevoked' | 'SatLeaderMarked' | 'SatLeaderUnmarked' | 'AccountDisabled' | 'AccountEnabled';
  readonly data: { readonly userId: string };
};

/** An admin gave an agent another SAT leader (stored as the leader's e-mail); the admin is the event's actor. */
export type SatLeaderAssigned = {
  readonly type: 'SatLeaderAssigned';
  readonly data: { readonly userId: string; readonly satLeaderEmail: string; readonly previousSatLeaderEmail: string | null };
};

/** An operator (command line) or an admin made an account: no password yet, no confirmation mail (the password link proves the address). */
export type AccountCreated = { readonly type: 'AccountCreated'; readonly data: { readonly userId: string; readonly email: string } };
/** Mail the owner of an account an admin made a link to set its first password. */
export type InvitationEmailRequested = { readonly type: 'InvitationEmailRequested'; readonly data: { readonly userId: string; readonly email: string } };
/** A one-time link to set the account's password was handed to the event's actor to pass on (not mailed). */
export type PasswordLinkIssued = { readonly type: 'PasswordLinkIssued'; readonly data: { readonly userId: string; readonly validMinutes: number } };

/** The admin-managed list of addresses allowed to sign up besides the company domains. */
export type ApprovedEmailChanged = { readonly type: 'ApprovedEmailAdded' | 'ApprovedEmailRemoved'; readonly data: { readonly email: string } };
export const APPROVED_EMAILS_STREAM = 'signup-approved-emails';

export type IdentityEvent =
  | AccountRegistered
  | ConfirmationEmailRequested
  | EmailConfirmed
  | PasswordResetRequested
  | PasswordChanged
  | ExternalIdentityLinked
  | AccountAdministered
  | SatLeaderAssigned
  | AccountCreated
  | InvitationEmailRequested
  | PasswordLinkIssued
  | ApprovedEmailChanged
  | ProfileUpdated
  | AvatarChanged;

export const accountStream = (userId: string) => `account-${userId}`;

/** The user changed their own account information; `fields` names what changed (the values stay in the profile), `timeZone` is the zone now chosen (null: the organisation's). */
export type ProfileUpdated = {
  readonly type: 'ProfileUpdated';
  readonly data: { readonly userId: string; readonly fields: readonly ('displayName' | 'phone' | 'timeZone')[]; readonly timeZone: string | null };
};
/** The user's profile picture was replaced (stored re-encoded under `key`). */
export type AvatarChanged = { readonly type: 'AvatarChanged'; readonly data: { readonly userId: string; readonly key: string; readonly size: number } };

/** The realtime topic a user's own browsers hear when their profile changed (another tab reloads the session and the card). */
export const PROFILE_TOPIC = 'profile';
