import { describe, expect, it } from 'vitest';
import { createSendTurns, type WantedOf } from './send-turns.ts';

/** A send that waits until the test lets it finish: the turns it holds stay held meanwhile. */
function heldSends() {
  const releases: (() => void)[] = [];
  const started: number[] = [];
  return {
    started,
    send: (key: number) => () => new Promise<void>((resolve) => {
      started.push(key);
      releases.push(resolve);
    }),
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('send turns', () => {
  it('holds no more than `slots` sends at once and lets the next in when one ends', async () => {
    const turns = createSendTurns(2);
    const sends = heldSends();
    const done = [1, 2, 3].map((key) => turns(undefined, sends.send(key)));
    await tick();
    expect(sends.started).toEqual([1, 2]);
    sends.releaseAll();
    await tick();
    expect(sends.started).toEqual([1, 2, 3]);
    sends.releaseAll();
    expect(await Promise.all(done)).toEqual([true, true, true]);
  });

  it('asks when the turn comes, for the waiting messages of the same sender too, and drops the unwanted unsent', async () => {
    const turns = createSendTurns(2);
    const sends = heldSends();
    const wanted = new Set([1, 2, 3, 4, 5]);
    const questions: number[][] = [];
    const ask: WantedOf = async (keys) => {
      questions.push(keys);
      return new Set(keys.filter((key) => wanted.has(key)));
    };
    const done = [1, 2, 3, 4, 5].map((key) => turns({ key, ask }, sends.send(key)));
    await tick();
    expect(sends.started).toEqual([1, 2]);
    // Unwanted while it waits for its turn: the answer given at its turn holds.
    wanted.delete(3);
    wanted.delete(5);
    sends.releaseAll();
    await tick();
    await tick();
    expect(sends.started).toEqual([1, 2, 4]);
    sends.releaseAll();
    expect(await Promise.all(done)).toEqual([true, true, false, true, false]);
    // Each message was asked about once; the first two alone, as they went straight in, and a later turn for one waiting behind it too.
    expect(questions.flat().sort()).toEqual([1, 2, 3, 4, 5]);
    expect(questions.slice(0, 2)).toEqual([[1], [2]]);
    expect(questions.length).toBeLessThan(5);
  });
});
