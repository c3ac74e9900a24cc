/**
 * One endpoint of the HTTP API as data: its method and path, with the types of
 * its body, query and answer carried along for the compiler only. The client's
 * api.ts sends by it and the server's routes type their answers by it, so the
 * two cannot drift apart without the type check saying so.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values as they travel: strings, numbers and booleans, an absent one left out. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

export interface Endpoint<Body = undefined, Query extends QueryValues | undefined = undefined, Answer = void> {
  readonly method: HttpMethod;
  /** Absolute, with `:name` for each path parameter (Express's syntax). */
  readonly path: string;
  /** Never set: it carries the types, so `AnswerOf<typeof x>` can name them. */
  readonly types?: { body: Body; query: Query; answer: Answer };
}

export type BodyOf<E> = E extends Endpoint<infer Body, QueryValues | undefined, unknown> ? Body : never;
export type QueryOf<E> = E extends Endpoint<unknown, infer Query, unknown> ? Query : never;
export type AnswerOf<E> = E extends Endpoint<unknown, QueryValues | undefined, infer Answer> ? Answer : never;

/** Pure: a bundle drops every endpoint it never calls. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<Body = undefined, Query extends QueryValues | undefined = undefined, Answer = void>(
  method: HttpMethod,
  path: string,
): Endpoint<Body, Query, Answer> {
  return { method, path };
}

/** The path with each `:name` filled in (encoded) and the query appended; an undefined query value is left out. */
export function urlOf(path: string, params: Record<string, string> = {}, query?: QueryValues): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for the path parameter :${name} of ${path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${filled}?${queryString}` : filled;
}
