/**
 * The long-lived parts of a running server as one ordered list (runtime.ts
 * holds it): started from the first to the last, stopped from the last to the
 * first, so each part starts after what it uses and stops before it
 * (docs/decisions/138-one-list-to-start-and-stop.md).
 */
import type { Logger } from './logger.ts';

export interface Part {
  /** What the part is, for the reader and the log of a failed start. */
  name: string;
  /** Awaited before the next part starts. */
  start?: () => void | Promise<void>;
  /** Awaited before the part before it stops. */
  stop?: () => void | Promise<void>;
}

export interface StartedParts {
  /** Stops every part, the last started first; a stop that fails ends the walk with its error. */
  stop(): Promise<void>;
}

async function stopInReverse(started: readonly Part[]): Promise<void> {
  for (const part of [...started].reverse()) await part.stop?.();
}

/**
 * Starts the parts in order. When one fails to start, the parts started before
 * it are stopped (last first) and its error is thrown: the process or test that
 * asked is left with nothing running. A failure while stopping them is logged,
 * and the others are still stopped.
 */
export async function startParts(parts: readonly Part[], logger: Logger): Promise<StartedParts> {
  const started: Part[] = [];
  try {
    for (const part of parts) {
      await part.start?.();
      started.push(part);
    }
  } catch (error) {
    const failed = parts[started.length]?.name;
    for (const part of started.reverse()) {
      try {
        await part.stop?.();
      } catch (stopError) {
        logger.error({ err: stopError, part: part.name, failed }, 'a part did not stop after a failed start');
      }
    }
    throw error;
  }
  return { stop: () => stopInReverse(started) };
}
