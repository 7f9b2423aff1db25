export * from './shutdown';
export * from './or-after';
