/**
 * A JSON array written a page at a time: each page of rows becomes text only
 * when the zip asks for more, so a list of any length never sits in memory.
 */
/** `counted`, when given, learns how many rows were written (the manifest's counts). */
export async function* jsonArray<Row>(pages: AsyncIterable<Row[]>, counted?: { count: number }): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const rows of pages) {
    let text = '';
    for (const row of rows) {
      text += `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
      first = false;
    }
    if (counted) counted.count += rows.length;
    if (text) yield text;
  }
  yield first ? ']\n' : '\n]\n';
}

/** Pages by a growing key: `read(after)` answers the next page after that key (none at first), empty at the end. */
export async function* keysetPages<Row>(read: (after: Row | undefined) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let last: Row | undefined;
  for (;;) {
    const rows = await read(last);
    if (rows.length === 0) return;
    yield rows;
    last = rows.at(-1);
  }
}
