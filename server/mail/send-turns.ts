/**
 * Turns at a pooled SMTP transport (issue 27: an unsubscribe after a
 * newsletter's row was claimed; docs/decisions/132). At most one message per connection is in
 * nodemailer's hands at once: beyond that it would wait in nodemailer's queue,
 * past its last check, so it waits here instead. When a message's turn comes,
 * its sender is asked whether it is still wanted; the question covers the
 * next messages of the same sender waiting behind it too, up to a connection's
 * worth, so a newsletter asks the database once per that many messages, not
 * once per message, and a message is checked at most that many turns before
 * its own.
 */

/** Which of these keys (a sender's own ids for its messages) are still wanted. */
export type WantedOf = (keys: number[]) => Promise<ReadonlySet<number>>;

/** A message's part in the question: its key, and the sender's one question (the same function for all its messages). */
export interface StillWanted {
  key: number;
  ask: WantedOf;
}

interface Entry {
  check: StillWanted | undefined;
  /** Set once a question covers this message, asked in its own turn or in an earlier one's. */
  wanted?: Promise<boolean>;
  go?: () => void;
}

export function createSendTurns(slots: number) {
  let busy = 0;
  const queue: Entry[] = [];

  function isWanted(entry: Entry): Promise<boolean> {
    if (!entry.check) return Promise.resolve(true);
    if (!entry.wanted) {
      const { ask } = entry.check;
      const group = [entry, ...queue.filter((other) => other.check?.ask === ask && !other.wanted).slice(0, slots - 1)];
      const answer = ask(group.map((member) => member.check!.key));
      for (const member of group) member.wanted = answer.then((wanted) => wanted.has(member.check!.key));
    }
    return entry.wanted!;
  }

  /** Runs `send` in the message's turn unless its check says no; answers whether it ran. */
  return async function inTurn(check: StillWanted | undefined, send: () => Promise<void>): Promise<boolean> {
    const entry: Entry = { check };
    if (busy < slots) busy += 1;
    else await new Promise<void>((resolve) => queue.push(Object.assign(entry, { go: resolve })));
    try {
      if (!(await isWanted(entry))) return false;
      await send();
      return true;
    } finally {
      // The turn passes to the next in line as it is, or is given back.
      const next = queue.shift();
      if (next) next.go!();
      else busy -= 1;
    }
  };
}
