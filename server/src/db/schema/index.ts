export * from './auth.ts';
export * from './notifications.ts';
export * from './payments.ts';
export * from './profiles.ts';
export * from './reviews.ts';
export * from './roles.ts';
export * from './search.ts';
export * from './users.ts';
