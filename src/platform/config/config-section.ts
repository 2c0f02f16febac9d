import type { z } from 'zod';

/**
 * A module's part of the configuration: its environment variables (zod, checked in the one parse
 * with the platform's, so every bad variable is reported together) and how its settings are
 * built from them. `read` throws a ConfigError naming the variables when a combination is wrong
 * (a provider half configured). The settings it returns sit at the top of the loaded config.
 */
export type ConfigSection<Settings extends object> = {
  readonly shape: z.ZodRawShape;
  readonly read: (env: Record<string, unknown>) => Settings;
};

/** Ties `read` to the parsed types of the section's own variables. */
export function configSection<Shape extends z.ZodRawShape, Settings extends object>(
  shape: Shape,
  read: (env: z.infer<z.ZodObject<Shape>>) => Settings,
): ConfigSection<Settings> {
  return { shape, read: read as ConfigSection<Settings>['read'] };
}
