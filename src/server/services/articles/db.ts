import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The database or a transaction: helpers that run inside a caller's transaction take either. */
export type Db = Kysely<DB> | Transaction<DB>;
