/**
 * ESLint rule `local/no-database-in-transaction` (docs/decisions/129): inside the callback of
 * `X.transaction(cb)`, nothing may use `X` itself, only the transaction the callback is handed.
 * On PGlite the database has one connection, which the transaction holds until the callback
 * ends: a query through `X` meanwhile waits for it forever (issue 27). On Postgres it takes a
 * second connection and reads outside the transaction, which is a bug of its own. `X` is told
 * by what it is: the same variable (`db`), or the same member path (`deps.db`, `this.db`).
 */

/** `db`, `deps.db`, `this.db`, `handle.db`: the text of an identifier or a non-computed member path; undefined for anything else. */
function pathOf(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const object = pathOf(node.object);
    return object === undefined ? undefined : `${object}.${node.property.name}`;
  }
  return undefined;
}

function rootIdentifier(node) {
  let current = node;
  while (current.type === 'MemberExpression') current = current.object;
  return current.type === 'Identifier' ? current : undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'disallow using the database a transaction was opened on inside its callback' },
    messages: {
      outside:
        "'{{path}}' inside its own transaction: use the transaction the callback is handed. On PGlite the transaction holds the only connection, so this waits forever.",
    },
    schema: [],
  },
  create(context) {
    const { sourceCode } = context;

    function variableOf(identifier) {
      for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
        const found = scope.set.get(identifier.name);
        if (found) return found;
      }
      return undefined;
    }

    return {
      CallExpression(call) {
        const { callee } = call;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'transaction') return;
        const callback = call.arguments[0];
        if (!callback || (callback.type !== 'ArrowFunctionExpression' && callback.type !== 'FunctionExpression')) return;
        const receiver = callee.object;
        const path = pathOf(receiver);
        const root = rootIdentifier(receiver);
        if (path === undefined) return;
        const variable = root ? variableOf(root) : undefined;

        // The same variable (or the same global), or the same member path from it, wherever it appears in the callback.
        const isPropertyName = (node) =>
          (node.parent.type === 'MemberExpression' && node.parent.property === node && !node.parent.computed) ||
          (node.parent.type === 'Property' && node.parent.key === node && !node.parent.computed && !node.parent.shorthand);
        const sameRoot = (node) => {
          const nodeRoot = node.type === 'Identifier' ? node : rootIdentifier(node);
          return nodeRoot ? variableOf(nodeRoot) === variable : node.type === 'MemberExpression' && !root;
        };
        const visit = (node) => {
          if (!node || typeof node.type !== 'string') return;
          // `{ db }`: one name, seen once.
          if (node.type === 'Property' && node.shorthand) return visit(node.value);
          const matches =
            node.type === 'Identifier' ? path === node.name && !isPropertyName(node) && sameRoot(node) : node.type === 'MemberExpression' && pathOf(node) === path && sameRoot(node);
          if (matches) {
            context.report({ node, messageId: 'outside', data: { path } });
            return;
          }
          for (const key of sourceCode.visitorKeys[node.type] ?? []) {
            const child = node[key];
            if (Array.isArray(child)) child.forEach(visit);
            else visit(child);
          }
        };
        visit(callback.body);
      },
    };
  },
};
