import { Gauge, Registry } from 'prom-client';

/**
 * One Prometheus registry per service (several run in one process in the embedded mode and in tests, so
 * nothing goes to prom-client's global registry), every series labelled with the service's name.
 *
 * The process figures are read when scraped, with no timers or observers of their own: prom-client's
 * `collectDefaultMetrics` starts a GC observer and an event-loop monitor per call that are never stopped,
 * one more each time a service is built in-process.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  const registers = [registry];
  new Gauge({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time spent by the process, in seconds.',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      this.set((user + system) / 1e6);
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
