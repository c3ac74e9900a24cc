import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createVisitorSalts } from './visitor-salts.ts';

const logger = createLogger('silent');

describe('visitor salts without a shared database', () => {
  it('makes one salt a day, keeps two days and forgets the older ones', () => {
    const salts = createVisitorSalts({ clock: () => new Date(), logger });
    const monday = salts.saltOf('2026-03-09');
    expect(salts.saltOf('2026-03-09')).toBe(monday);
    expect(salts.saltOf('2026-03-10')).not.toBe(monday);
    salts.saltOf('2026-03-11');
    expect(salts.saltOf('2026-03-09')).not.toBe(monday);
  });
});
