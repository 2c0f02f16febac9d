/** Events of the identity module, relayed from its outbox to the event store. */
export type AccountRegistered = { readonly type: 'AccountRegistered'; readonly data: { readonly userId: string; readonly email: string } };
export type ConfirmationEmailRequested = { readonly type: 'ConfirmationEmailRequested'; readonly data: { readonly userId: string; readonly email: string } };
export type EmailConfirmed = { readonly type: 'EmailConfirmed'; readonly data: { readonly userId: string } };

export type PasswordResetRequested = { readonly type: 'PasswordResetRequested'; readonly data: { readonly userId: string; readonly email: string } };
export type PasswordChanged = { readonly type: 'PasswordChanged'; readonly data: { readonly userId: string; readonly via: 'reset-link' } };

export type IdentityEvent = AccountRegistered | ConfirmationEmailRequested | EmailConfirmed | PasswordResetRequested | PasswordChanged;

export const accountStream = (userId: string) => `account-${userId}`;
