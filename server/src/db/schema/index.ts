export * from './auth.ts';
export * from './roles.ts';
export * from './users.ts';
