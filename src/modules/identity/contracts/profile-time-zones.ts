/** The time zones an agent may choose on their profile (spec section 9), in the spec's order. */
export const PROFILE_TIME_ZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

export type ProfileTimeZone = (typeof PROFILE_TIME_ZONES)[number];

export const isProfileTimeZone = (zone: unknown): zone is ProfileTimeZone =>
  typeof zone === 'string' && (PROFILE_TIME_ZONES as readonly string[]).includes(zone);
