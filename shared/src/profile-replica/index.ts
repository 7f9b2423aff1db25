export * from './profile-replica';
