/** Every table, one file per module; drizzle-kit and the typed client both read this index. */
export * from './people';
export * from './auth';
export * from './mail';
export * from './audit';
export * from './reservations';
export * from './settings';
export * from './restaurant';
export * from './compta';
export * from './documents';
export * from './backups';
export * from './second-factor';
export * from './accounts';
export * from './passkeys';
export * from './books';
export * from './portal';
export * from './bank';
export * from './sepa';
