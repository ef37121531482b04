import type { z } from 'zod';

/**
 * One operation of the API as the shared route table states it (decision 070): the zod schemas of its path
 * parameters, query string, body and success reply, the very ones (or the same shapes) the server route
 * declares. The web client takes its types from here, so a field renamed in a contract is a type error at
 * every call that sends or reads it.
 */
export interface RouteSpec {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx reply. Absent on a file download, which says `file: true` instead. */
  reply?: z.ZodType;
  file?: true;
}

/** Keeps each entry's own schema types while checking it is a RouteSpec keyed by `METHOD /path`. */
export const routes = <T extends Record<`${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`, RouteSpec>>(table: T): T => table;
