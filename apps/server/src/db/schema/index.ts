export * from './account-safety.ts';
export * from './auth.ts';
export * from './campuses.ts';
export * from './posts.ts';
export * from './users.ts';
