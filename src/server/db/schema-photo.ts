import type { Generated } from 'kysely';

/**
 * What migration 0043 adds to an album's photo, apart from schema.ts: the caption visitors see under it
 * (and as its alt text), and its place in the album's order (the console's drag and drop).
 */
export interface PhotoCaption {
  /** '' for none. */
  caption: Generated<string>;
  /** Ascending; ties (0 for photos never reordered) by upload time. */
  position: Generated<number>;
}
