export * from './campuses.ts';
export * from './users.ts';
