export { Tracing } from './tracing';
