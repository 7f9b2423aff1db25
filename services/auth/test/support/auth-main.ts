import { once } from 'node:events';
import { startServiceProcess, waitForLine } from '@crm/system';

export interface MainRun {
  code: number | null;
  /** Its JSON log lines. */
  lines: Array<Record<string, unknown>>;
  /** It started serving (and was stopped): a command that should have ended on its own did not. */
  served: boolean;
}

/** Runs the compiled `services/auth/dist/main.js` to its end, as a container or an operator would. */
export async function runAuthMain(env: Record<string, string>, args: string[] = []): Promise<MainRun> {
  const started = startServiceProcess('auth', { PORT: '0', ...env }, args);
  const closed = once(started.child, 'close');
  let served = false;
  waitForLine(started, 'listening').then(
    () => {
      served = true;
      started.child.kill('SIGTERM');
    },
    () => undefined, // it ended without serving
  );
  const [code] = (await closed) as [number | null];
  return { code, lines: started.lines, served };
}
