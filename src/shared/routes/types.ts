import type { z } from 'zod';
import type { ApiRoutes } from './index';

/** What a client sends and gets for each route of the table, in types only (decision 070). */

export type Route = keyof ApiRoutes & string;
type None = Record<never, never>;

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type ParamsPart<K extends Route> = [ParamNames<PathOf<K>>] extends [never]
  ? None
  : { params: Record<ParamNames<PathOf<K>>, string | number> };
type QueryPart<K extends Route> = ApiRoutes[K] extends { query: infer Q extends z.ZodType } ? { query: z.input<Q> } : None;
type BodyPart<K extends Route> = ApiRoutes[K] extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : None;

/** The path parameters, query string and body a route takes: each only when the route has one. */
export type RouteInput<K extends Route> = ParamsPart<K> & QueryPart<K> & BodyPart<K>;

/** The address alone (path parameters and query string), for a link or a request whose body goes separately. */
export type RouteAddress<K extends Route> = ParamsPart<K> & QueryPart<K>;
export type AddressArgs<K extends Route> = None extends RouteAddress<K> ? [input?: RouteAddress<K>] : [input: RouteAddress<K>];

/** The body alone, for a mutation whose variables are the body; void when the route takes none. */
export type RouteBody<K extends Route> = ApiRoutes[K] extends { body: infer B extends z.ZodType } ? z.input<B> : void;

/** The arguments after the route's name: none at all for a route that takes nothing. */
export type InputArgs<K extends Route> = None extends RouteInput<K> ? [input?: RouteInput<K>] : [input: RouteInput<K>];

/** The success reply as the server serialises it. */
export type RouteReply<K extends Route> = ApiRoutes[K] extends { reply: infer R extends z.ZodType } ? z.output<R> : never;

/** Routes answering JSON, and those answering a file (a download or a link). */
export type JsonRoute = { [K in Route]: ApiRoutes[K] extends { reply: z.ZodType } ? K : never }[Route];
export type FileRoute = Exclude<Route, JsonRoute>;
