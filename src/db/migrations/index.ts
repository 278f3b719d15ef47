import { Migration20261122000000 } from './Migration20261122000000.ts';

/** Registered in code: migrations are committed and never discovered from disk at run time. */
export const MIGRATIONS = [{ name: 'Migration20261122000000', class: Migration20261122000000 }];
