/**
 * The wire types of API.md, shared by the server (services return them) and the browser (the API
 * client and islands read them). Type-only: nothing here exists at run time, so importing it costs
 * no bytes on either side. Where a service and an island once disagreed, API.md and the API tests
 * decided.
 */

/** A page of a list (API.md: `current`, `size`, `list`, `total`). */
export type Page<T> = { current: number; size: number; list: T[]; total: number };
