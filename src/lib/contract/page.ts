/**
 * The wire types of /api (docs/api/), shared by the server (services return them) and the browser (the API
 * client and islands read them). Type-only: nothing here exists at run time, so importing it costs
 * no bytes on either side. Where a service and an island once disagreed, the contract and the API
 * tests decided.
 */

/** A page of a list (docs/api/README.md#paging: `current`, `size`, `list`, `total`). */
export type Page<T> = { current: number; size: number; list: T[]; total: number };
