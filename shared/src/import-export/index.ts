export * from './import-contract';
export * from './import-columns';
export * from './record-import';
export * from './record-export';
export * from './write-csv';
export * from './record-import.routes';
