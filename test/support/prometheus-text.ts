/** One line of the Prometheus text format: a series' name, its labels and its value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape (comments and HELP/TYPE lines skipped). */
export function parsePrometheus(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE_LINE.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/**
 * The sum of the samples of `name` whose labels include `labels` (so a partial set of labels adds up
 * the series it matches); undefined when none matches.
 */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string>): number | undefined {
  const matching = samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  if (matching.length === 0) return undefined;
  return matching.reduce((sum, s) => sum + s.value, 0);
}
