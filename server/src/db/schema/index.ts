// The schema drizzle-kit reads and the query builder is typed with.
export * from './originators';
export * from './users';
export * from './automations';
export * from './groups';
export * from './tags';
export * from './cases';
export * from './evidence';
export * from './journal';
export * from './identifiers';
export * from './events';
export * from './passkeys';
export * from './export-streams';
export * from './idempotency-keys';
export * from './oauth';
export * from './webhooks';
export * from './dossier-exports';
export * from './taxii';
