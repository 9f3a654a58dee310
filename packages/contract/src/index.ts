export * from './api.ts';
export * from './campuses.ts';
export * from './categories.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './names.ts';
export * from './text-length.ts';
