export { carryTraceContext, traceHeaders } from './trace-context';
export { Tracing } from './tracing';
