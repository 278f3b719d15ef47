import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * The default Node.js process metrics (CPU, memory, event loop, GC, handles), in one
 * registry of their own for the whole process: they describe the process, not an app,
 * and prom-client's collectors (event-loop monitor, GC observer) cannot be stopped, so
 * each app in a process (tests build many) must not start its own set.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
