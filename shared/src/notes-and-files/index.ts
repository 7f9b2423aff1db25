export * from './notes-and-files.repository';
export * from './notes-and-files.routes';
