import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Runs a command-line tool: its options parsed strictly (an unknown or missing one prints the usage and
 * exits 2), `--help` prints the usage, a failure prints its message and exits 1.
 */
export function runCommandLine<Values>(
  usage: string,
  options: Options,
  required: string[],
  main: (values: Values) => Promise<void>,
): void {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const missing = required.filter((name) => values[name] === undefined);
  if (missing.length > 0) {
    console.error(`missing ${missing.map((name) => `--${name}`).join(', ')}\n\n${usage}`);
    process.exit(2);
  }
  main(values as Values).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/** `90s`, `30m`, `1h`, `2d` (or `0`) → milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|h|d)$/.exec(text.trim());
  if (text.trim() === '0') return 0;
  if (!match) throw new Error(`Not a duration: ${text} (e.g. 90s, 30m, 1h, 2d)`);
  const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unitMs;
}
