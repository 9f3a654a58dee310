export * from './account-safety.ts';
export * from './auth.ts';
export * from './campuses.ts';
export * from './chats.ts';
export * from './events.ts';
export * from './posts.ts';
export * from './reports.ts';
export * from './users.ts';
