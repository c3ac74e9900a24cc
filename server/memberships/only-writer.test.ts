/**
 * server/memberships/ is the one writer of `memberships` and of their history
 * `membership_events` (STYLE.md "Release 4", docs/decisions/125): a change
 * written anywhere else would skip its history row, and Recent Activity would
 * never show it. This reads every source file of the app (server, common, db,
 * scripts; tests and benchmarks seed fixtures and are left out) with the
 * TypeScript parser and fails on any write to either table outside this
 * folder: drizzle's insert/update/delete on the table, under whatever name it
 * was imported, and raw SQL that names it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['server', 'common', 'db', 'scripts'];
const WRITER = 'server/memberships/';
const TABLES = { memberships: 'memberships', membershipEvents: 'membership_events' } as const;
const WRITES = new Set(['insert', 'update', 'delete']);
/** Raw SQL naming a table right after a writing verb, quoted or schema-qualified or not. */
const RAW_WRITE = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+("?public"?\\.)?"?(${Object.values(TABLES).join('|')})"?(?![\\w"])`, 'i');
/** A template's text just before `${table}`. */
const VERB_BEFORE = /\b(insert\s+into|update|delete\s+from)\s*$/i;

/** Where `source` writes either table: one "line: what" a write. */
function membershipWritesIn(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const tableNames = new Set<string>();
  const namespaces = new Set<string>();
  for (const statement of file.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!bindings) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else for (const element of bindings.elements) if ((element.propertyName ?? element.name).getText(file) in TABLES) tableNames.add(element.name.text);
  }
  const isTable = (node: ts.Node | undefined): boolean => {
    if (!node) return false;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) return isTable(node.expression);
    if (ts.isIdentifier(node)) return tableNames.has(node.text);
    return ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text) && node.name.text in TABLES;
  };
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITES.has(node.expression.name.text) && isTable(node.arguments[0])) {
      at(node, `.${node.expression.name.text}(${node.arguments[0]!.getText(file)})`);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const match = RAW_WRITE.exec(node.text);
      if (match) at(node, match[0]);
    } else if (ts.isTemplateExpression(node)) {
      let before = node.head.text;
      for (const span of node.templateSpans) {
        if (VERB_BEFORE.test(before) && isTable(span.expression)) at(span, `${VERB_BEFORE.exec(before)![0].trim()} \${${span.expression.getText(file)}}`);
        before = span.literal.text;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('the one writer of memberships', () => {
  it('finds every form of write, under any name, and no read', () => {
    const writes = `
      import { memberships as m, tiers } from '../../db/content-schema.ts';
      import { membershipEvents } from '../../db/money-schema.ts';
      import * as content from '../../db/content-schema.ts';
      await tx.insert(m).values({});
      await db.update(m).set({ note: '' });
      await db.delete(content.memberships);
      await tx.insert(membershipEvents).values({});
      await db.execute(sql\`update \${m} set note = '' where id = \${id}\`);
      await db.execute(sql\`INSERT INTO "memberships" (id) values (\${id})\`);
      await db.execute(sql.raw('delete from public.membership_events'));
    `;
    expect(membershipWritesIn('sample.ts', writes).map((hit) => hit.replace(/^\d+: /, ''))).toEqual([
      '.insert(m)',
      '.update(m)',
      '.delete(content.memberships)',
      '.insert(membershipEvents)',
      'update ${m}',
      'INSERT INTO "memberships"',
      'delete from public.membership_events',
    ]);
    const reads = `
      import { memberships, tiers } from '../../db/content-schema.ts';
      await db.select().from(memberships).where(eq(memberships.id, id)).for('update');
      await db.update(tiers).set({ name: 'x' }).where(eq(tiers.id, memberships.tierId));
      await db.execute(sql\`select count(*) from \${memberships} join membership_events e on true\`);
      await db.execute(sql\`update memberships_archive set x = 1\`);
      const note = 'We update membership details on request';
    `;
    expect(membershipWritesIn('sample.ts', reads)).toEqual([]);
  });

  // A limit only to end a hang: parsing takes a few seconds on a busy machine.
  it('is server/memberships/ alone: no other file of the app writes memberships or membership_events', { timeout: 60_000 }, () => {
    const writes = new Map<string, string[]>();
    for (const file of SCANNED.flatMap(sourceFiles)) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      // A write names the table (its import, a namespace's property, or SQL): a file that never does is not parsed.
      if (!/memberships|membershipEvents|membership_events/i.test(source)) continue;
      const found = membershipWritesIn(file, source);
      if (found.length > 0) writes.set(file, found);
    }
    const outside = [...writes].filter(([file]) => !file.startsWith(WRITER));
    expect(Object.fromEntries(outside)).toEqual({});
    // The scan sees the writer's own writes, so an empty answer above is not a scan that read nothing.
    expect([...writes.keys()]).toEqual(expect.arrayContaining([`${WRITER}join-free.ts`, `${WRITER}subscription-sync.ts`, `${WRITER}membership-history.ts`]));
  });
});
