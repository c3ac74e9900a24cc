/**
 * Asks again, at an interval, for something the queue is working on (an
 * import running, an export being made) and hands each answer on, while it is
 * still pending; stops when the page leaves. A failed ask is said (`lost`) and
 * tried again after the same interval: the work goes on in the queue whatever
 * the browser does. The import and export pages share it.
 */
import { useEffect, useRef, useState } from 'react';

interface PollOptions<T> {
  /** The latest answer: each new one schedules the next ask. */
  value: T;
  pending: (value: T) => boolean;
  ask: (signal: AbortSignal) => Promise<T>;
  onAnswer: (value: T) => void;
  intervalMilliseconds: number;
}

export function usePollWhile<T>({ value, pending, ask, onAnswer, intervalMilliseconds }: PollOptions<T>): { lost: boolean } {
  const [lost, setLost] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The latest functions, without making every render a new ask.
  const latest = useRef({ pending, ask, onAnswer });
  useEffect(() => {
    latest.current = { pending, ask, onAnswer };
  }, [pending, ask, onAnswer]);

  useEffect(() => {
    if (!latest.current.pending(value)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      latest.current
        .ask(controller.signal)
        .then((answer) => {
          setLost(false);
          latest.current.onAnswer(answer);
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setLost(true);
          setAttempt((count) => count + 1);
        });
    }, intervalMilliseconds);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, attempt, intervalMilliseconds]);

  return { lost };
}
