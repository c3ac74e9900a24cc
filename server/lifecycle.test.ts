import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startParts, type Part } from './lifecycle.ts';
import { createLogger } from './logger.ts';

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

/** Parts that write what they do to `steps`; each start and stop waits a turn, so an unawaited one would show. */
function recordedParts(names: string[], steps: string[]): Part[] {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return names.map((name) => ({
    name,
    async start() {
      await turn();
      steps.push(`start ${name}`);
    },
    async stop() {
      await turn();
      steps.push(`stop ${name}`);
    },
  }));
}

describe('startParts', () => {
  it('starts the parts in their order and stops them in the reverse order, each after the one before has finished', async () => {
    const steps: string[] = [];
    const started = await startParts(recordedParts(['database', 'queue', 'http'], steps), captureLog().logger);
    expect(steps).toEqual(['start database', 'start queue', 'start http']);
    await started.stop();
    expect(steps).toEqual(['start database', 'start queue', 'start http', 'stop http', 'stop queue', 'stop database']);
  });

  it('walks past a part that only starts or only stops', async () => {
    const steps: string[] = [];
    const parts: Part[] = [
      { name: 'pool', stop: () => void steps.push('stop pool') },
      { name: 'schema', start: () => void steps.push('start schema') },
      { name: 'nothing' },
    ];
    const started = await startParts(parts, captureLog().logger);
    await started.stop();
    expect(steps).toEqual(['start schema', 'stop pool']);
  });

  it('stops the parts started before one that failed to start, last first, and throws its error', async () => {
    const steps: string[] = [];
    const failure = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    const parts: Part[] = [
      ...recordedParts(['database', 'queue'], steps),
      {
        name: 'http',
        start: () => Promise.reject(failure),
        stop: () => void steps.push('stop http'),
      },
      ...recordedParts(['never'], steps),
    ];
    await expect(startParts(parts, captureLog().logger)).rejects.toBe(failure);
    expect(steps).toEqual(['start database', 'start queue', 'stop queue', 'stop database']);
  });

  it('after a failed start, stops the rest when one of them fails to stop, and logs that one', async () => {
    const steps: string[] = [];
    const { lines, logger } = captureLog();
    const parts: Part[] = [
      ...recordedParts(['database'], steps),
      { name: 'queue', start: () => void steps.push('start queue'), stop: () => Promise.reject(new Error('queue stuck')) },
      { name: 'http', start: () => Promise.reject(new Error('no port')) },
    ];
    await expect(startParts(parts, logger)).rejects.toThrow('no port');
    expect(steps).toEqual(['start database', 'start queue', 'stop database']);
    expect(lines).toEqual([expect.objectContaining({ level: 50, part: 'queue', failed: 'http', msg: 'a part did not stop after a failed start' })]);
  });

  it('ends an ordinary stop at the first part that fails to stop, with its error', async () => {
    const steps: string[] = [];
    const parts: Part[] = [...recordedParts(['database'], steps), { name: 'queue', stop: () => Promise.reject(new Error('queue stuck')) }, ...recordedParts(['http'], steps)];
    const started = await startParts(parts, captureLog().logger);
    await expect(started.stop()).rejects.toThrow('queue stuck');
    expect(steps).toEqual(['start database', 'start http', 'stop http']);
  });
});
