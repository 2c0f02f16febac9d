/**
 * Which roles an account holds, for RolesGuard: the platform asks without knowing the module
 * that keeps accounts; the identity module provides this port under ROLE_DIRECTORY.
 */
export const ROLE_DIRECTORY = Symbol('ROLE_DIRECTORY');

export type RoleDirectory = {
  /** Whether the user holds at least one of these roles. */
  holdsAnyRole(userId: string, roles: readonly string[]): Promise<boolean>;
};
