export * from './config';
export { amqpTlsOptions } from './tls';
