export * from './caller';
export * from './internal-token';
export * from './scopes';
export * from './record-access';
