import { runInTurn } from '@crm/system';

/**
 * `npm run bench [-- <benchmark> ...]`: each benchmark in turn, in a process of its own; exits non-zero
 * when one failed to run (a missed target is printed, not an exit code). docs/benchmarks.md records a run.
 */
const BENCHMARKS = ['gateway', 'lists', 'conversion', 'import-export', 'outbox-relay', 'change-stream', 'references', 'safe-writes', 'count-upkeep', 'big-tenant', 'reassignment', 'sizing'];

process.exit(runInTurn('benchmarks', __dirname, BENCHMARKS, process.argv.slice(2), ['--expose-gc']));
