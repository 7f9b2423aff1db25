import { Counter, type Registry } from 'prom-client';
import type { LookupOutcome } from './replicated-references';

/**
 * How often a write's references were vouched for by the service's replicas, and how often their owner
 * had to be asked (a replica behind its events): a rising `owner` share means the events lag.
 */
export function referenceCheckMetrics(registry: Registry): (type: string, outcome: LookupOutcome) => void {
  const checks = new Counter({
    name: 'crm_reference_checks_total',
    help: "Writes' checks of the ids they name, by the type named and who answered: the replica, or the owner's lookup.",
    labelNames: ['type', 'answered_by'],
    registers: [registry],
  });
  return (type, outcome) => checks.inc({ type, answered_by: outcome });
}
