import type { z } from 'zod';

/** Reports a problem with one setting, by its name. */
export type SettingIssue = (name: string, message: string) => void;

/**
 * A payment provider's part of the server configuration: its environment variables, which
 * of them a live payment needs, and the checks across them. The configuration schema
 * (lib/server/config/serverEnv.ts) is made of every provider's part, so that a provider's
 * keys are named and checked in its own folder.
 */
export interface ProviderSettings<Schema extends z.ZodObject = z.ZodObject> {
  schema: Schema;
  /** What its method needs to take real money: each is required in production while the method is offered. */
  liveKeys: readonly (keyof z.output<Schema> & string)[];
  /** Checks across its settings (keys that come together); each problem names the setting to fix. */
  check(config: z.output<Schema>, issue: SettingIssue): void;
}
