import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';

// A message read when a module loads is frozen in the locale of that moment (English, on the server)
// for every request after it: `z.string({ error: msg.x })` or `const LABELS = { a: msg.x }` at the
// top of a file (issue 47). Messages are read inside functions, getters or zod error functions
// (`{ error: () => msg.x }`). This walks every source file and lists the texts read at module scope:
// a `msg.…` chain outside any function or class that is a text or a list (a namespace such as
// `msg.dayMarkLabels` or an uncalled function is still read lazily), or any msg function called there.

const SRC = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The value at `msg.a.b` now: a string, an array, a function or a namespace object. */
function valueAt(keys: readonly string[]): unknown {
  let value: unknown = msg;
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

/** `msg.a.b` → ['a', 'b'] for the outermost chain rooted at the identifier `msg`, else null. */
function msgChain(node: ts.Node): string[] | null {
  const keys: string[] = [];
  let current = node;
  while (ts.isPropertyAccessExpression(current)) {
    keys.unshift(current.name.text);
    current = current.expression;
  }
  return ts.isIdentifier(current) && current.text === 'msg' && keys.length > 0 ? keys : null;
}

export function moduleLevelReads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Anything inside a function, a getter or a class runs later, in the reader's locale.
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    const keys = ts.isPropertyAccessExpression(node) ? msgChain(node) : null;
    if (keys) {
      const value = valueAt(keys);
      const called = ts.isCallExpression(node.parent) && node.parent.expression === node;
      if (called || typeof value === 'string' || Array.isArray(value)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path.relative(SRC, file)}:${line + 1} msg.${keys.join('.')}`);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('messages read when a module loads (issue 47)', () => {
  it('finds a text read at module scope, and none read lazily', () => {
    const reads = moduleLevelReads(
      path.join(SRC, 'example.ts'),
      `const schema = z.string({ error: msg.fillInDisplayName });
       const labels = [msg.birthYearRange(2000)];
       const lazy = z.string({ error: () => msg.fillInDisplayName });
       const getter = { get text() { return msg.notFound; } };
       const namespace = msg.dayMarkLabels;
       function later() { return msg.notFound; }`,
    );
    expect(reads).toEqual([
      'example.ts:1 msg.fillInDisplayName',
      'example.ts:2 msg.birthYearRange',
    ]);
  });

  it('finds none in src/ (outside messages.ts)', () => {
    const files = sourceFiles(SRC).filter((f) => !f.endsWith(`shared${path.sep}messages.ts`));
    expect(files.length).toBeGreaterThan(300);
    const reads = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return text.includes('msg.') ? moduleLevelReads(file, text) : [];
    });
    expect(reads).toEqual([]);
  });
});
