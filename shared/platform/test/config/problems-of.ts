import { ConfigError } from '../../src/config';

/** The problems a settings check reports by throwing a ConfigError; none when `run` passes. */
export function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
