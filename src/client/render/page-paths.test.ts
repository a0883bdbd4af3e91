// Each page's address is said once, in the page manifest (src/shared/pages.ts, decision 0104): the
// client and the server (links in e-mails and notifications, the render code) name a page with
// `pagePath()`, never a literal. This test reads their source and fails on a string or template that
// starts with a page's path.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { exactPage, PAGES } from '@shared/pages';

const root = path.resolve(__dirname, '../../..');
const SCANNED = ['src/client', 'src/server'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** `/` alone is the landing page only where an address is expected: a link, a redirect. */
function isAddressPlace(node: ts.Node): boolean {
  let at = node.parent;
  while (
    ts.isConditionalExpression(at) ||
    ts.isJsxExpression(at) ||
    ts.isParenthesizedExpression(at)
  )
    at = at.parent;
  const named = (name: ts.Node | undefined) =>
    name !== undefined && /^(to|href)$/.test(name.getText());
  if (ts.isJsxAttribute(at) || ts.isPropertyAssignment(at)) return named(at.name);
  if (ts.isParameter(at) || ts.isBindingElement(at)) return named(at.name);
  return ts.isCallExpression(at) && /navigate$/i.test(at.expression.getText());
}

/** A server route's own path (`.post('/verify-email', …)` under /api/account): not a page's. */
function isRoutePath(node: ts.Node): boolean {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === node &&
    ts.isPropertyAccessExpression(call.expression) &&
    /^(get|post|put|patch|delete|all|on|route|use)$/.test(call.expression.name.text)
  );
}

/** Whether a literal's text (a template's: up to its first `${`) names a page's address. */
export function namesPage(text: string, whole: boolean, node?: ts.Node): boolean {
  if (!text.startsWith('/') || text.startsWith('//')) return false;
  const address = text.split(/[?#]/)[0];
  if (address === '/') return whole && text === '/' ? (node ? isAddressPlace(node) : true) : false;
  if (exactPage(address)) return true;
  // The start of an address: `/app/crews/${id}`, `/verify-email?${query}`, `'/invite/'`.
  return address.endsWith('/') && PAGES.some((page) => page.path.startsWith(address));
}

/** Every literal page path in a file, as `file:line text`. */
export function literalPagePaths(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let hit: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (namesPage(node.text, true, node) && !isRoutePath(node)) hit = node.text;
    } else if (ts.isTemplateExpression(node) && namesPage(node.head.text, false)) {
      hit = `${node.head.text}\${…}`;
    }
    if (hit !== undefined) {
      const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${file}:${line} ${hit}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe('page paths', () => {
  it('are never written as literals in the client or the server (pagePath() names them)', () => {
    const found = SCANNED.flatMap(sourceFiles).flatMap((file) =>
      literalPagePaths(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('finds links, redirects and addresses with a query, and leaves other paths alone', () => {
    const scan = (source: string) => literalPagePaths('x.tsx', source).map((hit) => hit.slice(8));
    expect(
      scan(`<Link to="/app/crews" />; navigate('/'); const a = \`/app/crews/\${id}\`;
            const b = \`/signup?\${query}\`; <a href="/terms?x=1#y">t</a>; <Link to="/">x</Link>`),
    ).toEqual(['/app/crews', '/', '/app/crews/${…}', '/signup?${…}', '/terms?x=1#y', '/']);
    expect(
      scan(`api.get('/api/feed'); path.split('/'); register(url, { scope: '/' });
            const c = \`/api/crews/\${id}\`; const d = '/assets/boot.js'; const e = '//cdn';
            const f = \`/api/photos?pose=\${pose}\`; account.post('/verify-email', verify);`),
    ).toEqual([]);
  });
});
