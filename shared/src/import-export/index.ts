export * from './import-contract';
