/**
 * Log lines no test may cause: an error thrown after a response was sent
 * (`ERR_HTTP_HEADERS_SENT`, "Cannot set headers after they are sent") means a
 * route answered and then kept writing, and Express cut the connection. Every
 * server a test starts (in process, or as a child process) passes its log
 * lines through `watchLogLine`; fail-on-log-offences.ts, a setup file of the
 * integration and e2e projects, fails the test during which one was written.
 */
import type { DestinationStream } from 'pino';

const FORBIDDEN = /ERR_HTTP_HEADERS_SENT|headers after they are sent/i;

const offences: string[] = [];

/** Records the line when it is one no test may cause. */
export function watchLogLine(line: string): void {
  if (FORBIDDEN.test(line)) offences.push(line.length > 2000 ? `${line.slice(0, 2000)}...` : line);
}

/** The offending lines written since the last call, and forgets them. */
export function takeLogOffences(): string[] {
  return offences.splice(0);
}

/** A pino destination that watches every line, then hands it to `forward` (nowhere when absent). */
export function guardedLogStream(forward?: DestinationStream): DestinationStream {
  return {
    write(line: string) {
      watchLogLine(line);
      forward?.write(line);
    },
  };
}
