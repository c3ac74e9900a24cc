import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MeResponse } from '../api-types.ts';
import * as sessionApi from './session.ts';
import * as authApi from './auth.ts';
import type { LoginBody, UserAnswer } from './auth.ts';
import { endpoint, urlOf, type AnswerOf, type BodyOf, type QueryOf } from './endpoint.ts';

describe('urlOf', () => {
  it('fills in path parameters, encoded', () => {
    expect(urlOf('/api/posts/:id', { id: 'a b/c' })).toBe('/api/posts/a%20b%2Fc');
  });

  it('refuses a path parameter without a value', () => {
    expect(() => urlOf('/api/posts/:id')).toThrow(':id');
  });

  it('appends the query, leaving out undefined values', () => {
    expect(urlOf('/api/posts', {}, { status: 'draft', page: 2, mine: true, q: undefined })).toBe('/api/posts?status=draft&page=2&mine=true');
    expect(urlOf('/api/posts', {}, { q: undefined })).toBe('/api/posts');
    expect(urlOf('/api/posts', {}, { q: 'a&b=c' })).toBe('/api/posts?q=a%26b%3Dc');
  });
});

describe('endpoint types', () => {
  it('carry the body, query and answer of each call to the compiler', () => {
    expectTypeOf<AnswerOf<typeof authApi.login>>().toEqualTypeOf<UserAnswer>();
    expectTypeOf<BodyOf<typeof authApi.login>>().toEqualTypeOf<LoginBody>();
    expectTypeOf<AnswerOf<typeof sessionApi.me>>().toEqualTypeOf<MeResponse>();
    expectTypeOf<BodyOf<typeof sessionApi.me>>().toEqualTypeOf<undefined>();
    const list = endpoint<undefined, { page?: number }, { ids: string[] }>('GET', '/api/things');
    expectTypeOf<QueryOf<typeof list>>().toEqualTypeOf<{ page?: number }>();
    expectTypeOf<AnswerOf<typeof list>>().not.toBeUnknown();
    expect(list).toEqual({ method: 'GET', path: '/api/things' });
  });
});
