/**
 * Reads an uploaded XML file (a WordPress WXR) as a stream of elements and
 * text, refusing what a hostile file would use against an XML parser. The
 * parser is htmlparser2 in XML mode (already ours for HTML, maintained,
 * streaming): it never fetches anything and never expands an entity a file
 * declares (only XML's own five and numeric references). On top of it, this
 * file refuses any `<!DOCTYPE>` or `<!ENTITY>` (billion laughs, external
 * `SYSTEM` entities: a WordPress export declares neither), a file past its
 * size before a byte is parsed, nesting past a depth, and an element left
 * open, which is how a cut-off upload ends.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Parser } from 'htmlparser2';
import { AppError } from '../../errors.ts';

export interface XmlEvents {
  open(name: string, attributes: Record<string, string>, depth: number): void;
  text(value: string): void;
  close(name: string, depth: number): void;
}

export interface XmlLimits {
  maxBytes: number;
  maxDepth: number;
  /** The file in the creator's words, for the refusals: "This WordPress export". */
  what: string;
}

export function invalidFile(words: string): AppError {
  return new AppError('invalid-import', 400, 'file', undefined, words);
}

const ENTITY_WORDS = 'The file declares XML entities, which a WordPress export never does.';
const DOCTYPE_WORDS = 'The file declares a document type, which a WordPress export never does.';

/** Streams the file through the parser; throws `invalid-import` in plain words on the first thing refused. */
export async function readXmlSafely(filePath: string, events: XmlEvents, limits: XmlLimits): Promise<void> {
  const { size } = await stat(filePath);
  if (size > limits.maxBytes) throw invalidFile(`${limits.what} is larger than ${Math.round(limits.maxBytes / 1e6)} MB, which this import does not read.`);
  let depth = 0;
  let rootSeen = false;
  let ending = false;
  const parser = new Parser(
    {
      onprocessinginstruction(name, data) {
        const declaration = name.toLowerCase();
        if (declaration === '!entity' || (declaration === '!doctype' && /<!entity/i.test(data))) throw invalidFile(ENTITY_WORDS);
        if (declaration.startsWith('!')) throw invalidFile(DOCTYPE_WORDS);
      },
      onopentag(name, attributes) {
        depth += 1;
        rootSeen = true;
        if (depth > limits.maxDepth) throw invalidFile(`${limits.what} nests elements deeper than ${limits.maxDepth}, which a WordPress export never does.`);
        events.open(name, attributes, depth);
      },
      ontext(value) {
        events.text(value);
      },
      onclosetag(name, isImplied) {
        if (isImplied && ending) throw invalidFile(`${limits.what} ends in the middle of an element: the file is cut off. Export it again and upload the whole file.`);
        if (isImplied) throw invalidFile(`${limits.what} is damaged: the element <${name}> is not closed where it should be.`);
        events.close(name, depth);
        depth -= 1;
      },
    },
    { xmlMode: true },
  );
  const stream = createReadStream(filePath, { encoding: 'utf8' });
  try {
    for await (const chunk of stream) parser.write(chunk as string);
    ending = true;
    parser.end();
  } finally {
    stream.destroy();
  }
  if (!rootSeen) throw invalidFile(`${limits.what} is empty or is not XML.`);
}
