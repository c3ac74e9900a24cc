/**
 * Setup file of the integration and e2e projects (vitest.config.ts): a test
 * during which any server wrote a forbidden log line (log-guard.ts) fails,
 * whichever test file it is and whether or not it reads the logs itself.
 */
import { afterEach } from 'vitest';
import { takeLogOffences } from './log-guard.ts';

afterEach(() => {
  const offences = takeLogOffences();
  if (offences.length > 0) throw new Error(`A server logged an error no test may cause (a write after the response was sent):\n${offences.join('\n')}`);
});
