import { describe, expect, it } from 'vitest';
import { publicNameProblem } from './public-names.ts';

describe('publicNameProblem', () => {
  it.each(['example.org.uk', 'fans.harbour-sounds.co.uk', 'harbour-sounds.co.uk', 'brand.xn--p1ai', 'user.github.io', 'fans.example.test', 'example.test'])('takes %j', (hostname) => {
    expect(publicNameProblem(hostname)).toBeUndefined();
  });

  it.each([
    ['intranet.corp', 'not-public'],
    ['db.internal', 'not-public'],
    ['printer.local', 'not-public'],
    ['api.svc.cluster.local', 'not-public'],
    ['nas.home.arpa', 'not-public'],
    ['1.0.0.10.in-addr.arpa', 'not-public'],
    ['router.lan', 'not-public'],
    ['shop.localhost', 'not-public'],
    ['hidden.onion', 'not-public'],
    ['docs.example.com', 'not-public'],
    ['co.uk', 'public-suffix'],
    ['com.au', 'public-suffix'],
  ])('refuses %j (%s)', (hostname, problem) => {
    expect(publicNameProblem(hostname)).toBe(problem);
  });
});
