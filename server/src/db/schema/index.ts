export * from './roles.ts';
export * from './users.ts';
