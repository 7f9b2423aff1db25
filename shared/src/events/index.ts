export * from './lead-converted';
export * from './record-merged';
export * from './record-deleted';
export * from './event-catalogue';
export * from './web-form-submission-received';
