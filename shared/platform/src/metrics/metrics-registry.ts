import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Registry } from 'prom-client';

/**
 * One Prometheus registry per service (several run in one process in the embedded mode and in tests, so
 * nothing goes to prom-client's global registry), every series labelled with the service's name.
 *
 * The process figures are read when scraped: prom-client's `collectDefaultMetrics` starts a GC observer
 * and an event-loop monitor per call that are never stopped, one more each time a service is built
 * in-process; the one event-loop monitor here is the process's, shared by its registries.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const registers = [registry];
  let cpuSecondsCounted = 0;
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time spent by the process, in seconds.',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      const total = (user + system) / 1e6;
      this.inc(Math.max(0, total - cpuSecondsCounted));
      cpuSecondsCounted = total;
    },
  });
  new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'Delay of the event loop over the last minute, by quantile (0.5, 0.99, 1 = the longest): work waiting for the CPU.',
    labelNames: ['quantile'] as const,
    registers,
    collect() {
      const delay = eventLoopDelay();
      for (const quantile of [0.5, 0.99]) this.set({ quantile: String(quantile) }, delay.percentile(quantile * 100) / 1e9);
      this.set({ quantile: '1' }, delay.max / 1e9);
    },
  });
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory of the process, in bytes.',
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use, in bytes.',
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  const startedAt = Date.now() / 1000 - process.uptime();
  new Gauge({ name: 'process_start_time_seconds', help: 'When the process started, in seconds since the Unix epoch.', registers }).set(startedAt);
  return registry;
}

let loopDelay: ELDHistogram | undefined;

/** The process's event-loop delay histogram, started on first use and restarted every minute. */
function eventLoopDelay(): ELDHistogram {
  if (!loopDelay) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    setInterval(() => delay.reset(), 60_000).unref();
    loopDelay = delay;
  }
  return loopDelay;
}
