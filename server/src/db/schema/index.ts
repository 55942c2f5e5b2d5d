export * from './auth.ts';
export * from './profiles.ts';
export * from './roles.ts';
export * from './users.ts';
