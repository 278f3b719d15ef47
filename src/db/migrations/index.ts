import { Migration20261122000000 } from './Migration20261122000000.ts';
import { Migration20261122000001 } from './Migration20261122000001.ts';
import { Migration20261122000002 } from './Migration20261122000002.ts';
import { Migration20261122000003 } from './Migration20261122000003.ts';
import { Migration20261122000004 } from './Migration20261122000004.ts';
import { Migration20261122000005 } from './Migration20261122000005.ts';
import { Migration20261122000006 } from './Migration20261122000006.ts';
import { Migration20261122000007 } from './Migration20261122000007.ts';
import { Migration20261123000000 } from './Migration20261123000000.ts';
import { Migration20261123000010 } from './Migration20261123000010.ts';
import { Migration20261123220000 } from './Migration20261123220000.ts';
import { Migration20261125000000 } from './Migration20261125000000.ts';
import { Migration20261125100000 } from './Migration20261125100000.ts';
import { Migration20261125100010 } from './Migration20261125100010.ts';
import { Migration20261125200000 } from './Migration20261125200000.ts';
import { Migration20261125210000 } from './Migration20261125210000.ts';
import { Migration20261126000000 } from './Migration20261126000000.ts';
import { Migration20261126100000 } from './Migration20261126100000.ts';
import { Migration20261126200000 } from './Migration20261126200000.ts';
import { Migration20261127000000 } from './Migration20261127000000.ts';
import { Migration20261127000010 } from './Migration20261127000010.ts';
import { Migration20261127100000 } from './Migration20261127100000.ts';

/** Registered in code: migrations are committed and never discovered from disk at run time. */
export const MIGRATIONS = [
  { name: 'Migration20261122000000', class: Migration20261122000000 },
  { name: 'Migration20261122000001', class: Migration20261122000001 },
  { name: 'Migration20261122000002', class: Migration20261122000002 },
  { name: 'Migration20261122000003', class: Migration20261122000003 },
  { name: 'Migration20261122000004', class: Migration20261122000004 },
  { name: 'Migration20261122000005', class: Migration20261122000005 },
  { name: 'Migration20261122000006', class: Migration20261122000006 },
  { name: 'Migration20261122000007', class: Migration20261122000007 },
  { name: 'Migration20261123000000', class: Migration20261123000000 },
  { name: 'Migration20261123000010', class: Migration20261123000010 },
  { name: 'Migration20261123220000', class: Migration20261123220000 },
  { name: 'Migration20261125000000', class: Migration20261125000000 },
  { name: 'Migration20261125100000', class: Migration20261125100000 },
  { name: 'Migration20261125100010', class: Migration20261125100010 },
  { name: 'Migration20261125200000', class: Migration20261125200000 },
  { name: 'Migration20261125210000', class: Migration20261125210000 },
  { name: 'Migration20261126000000', class: Migration20261126000000 },
  { name: 'Migration20261126100000', class: Migration20261126100000 },
  { name: 'Migration20261126200000', class: Migration20261126200000 },
  { name: 'Migration20261127000000', class: Migration20261127000000 },
  { name: 'Migration20261127000010', class: Migration20261127000010 },
  { name: 'Migration20261127100000', class: Migration20261127100000 },
];
