import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { db } from './connection.ts';
import type { DB } from './schema.ts';

/**
 * A read the pages run at every cache miss, built and compiled by Kysely once per database and then
 * run with each call's values. Building and compiling a query (an immutable builder per clause, then
 * a visitor over the tree) cost a miss about as much as SQLite running it (docs/performance.md#cheap-misses).
 *
 * `build` gets stand-ins for the values and must only hand them to the query (`where('id', '=', id)`,
 * `limit(n)`): a value it tests, spreads or lists is not a parameter and is refused at the first call.
 * A list of values (`in`) has no fixed number of parameters: such a query stays an ordinary one.
 */
export function prepared<P extends unknown[], O>(build: (db: Kysely<DB>, ...values: P) => Compilable<O>) {
  // One per database (tests and the CLI open several; dialects compile differently).
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<O>>();
  const compiledFor = (current: Kysely<DB>, arity: number): CompiledQuery<O> => {
    const known = compiled.get(current);
    if (known) return known;
    const slots = Array.from({ length: arity }, (_, i) => new Slot(i));
    const query = build(current, ...(slots as P)).compile();
    const used = new Set(query.parameters.filter((p) => p instanceof Slot).map((p) => (p as Slot).index));
    if (used.size !== arity) throw new Error(`prepared query: a value is not a parameter in ${query.sql}`);
    compiled.set(current, query);
    return query;
  };
  const all = async (...values: P): Promise<O[]> => {
    const current = db;
    const query = compiledFor(current, values.length);
    const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    return (await current.executeQuery<O>({ ...query, parameters })).rows;
  };
  return { all, first: async (...values: P): Promise<O | undefined> => (await all(...values))[0] };
}

/** Where a call's value goes: Kysely keeps it as a parameter, in the order the SQL reads them. */
class Slot {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}
