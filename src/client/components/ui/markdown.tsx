import * as React from 'react';
import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@client/lib/cn';

// Member-written markdown (journals, posts, updates) is untrusted: no raw HTML,
// links only to http(s) and mailto, and no remote images that could track readers.

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL when it is an absolute http(s) or mailto URL, otherwise undefined, which
 * drops the attribute. The WHATWG parser is used rather than a prefix check because
 * browsers ignore tabs, newlines and leading control characters in URLs
 * (`java\tscript:` is still javascript:).
 */
export function safeHref(url: string): string | undefined {
  try {
    return SAFE_PROTOCOLS.has(new URL(url).protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

const urlTransform: UrlTransform = (url) => safeHref(url);

// Small local tree shapes: enough for the two plugins below without depending on
// the unist/mdast/hast type packages directly.
interface TreeNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: TreeNode[];
}

// A journal is typed in a textarea, where Enter means a new line. Markdown would
// join such lines into one paragraph, so single line breaks become <br> (as in
// GitHub comments).
function remarkLineBreaks() {
  return (tree: unknown) => splitSoftBreaks(tree as TreeNode);
}

function splitSoftBreaks(node: TreeNode) {
  if (!node.children) return;
  node.children = node.children.flatMap((child): TreeNode[] => {
    if (child.type === 'text' && child.value?.includes('\n')) {
      return child.value
        .split(/\r?\n/)
        .flatMap((part, i): TreeNode[] => [
          ...(i > 0 ? [{ type: 'break' }] : []),
          ...(part ? [{ type: 'text', value: part }] : []),
        ]);
    }
    splitSoftBreaks(child);
    return [child];
  });
}

// Images become a plain link to the image (or just their text inside a link), so
// nothing is fetched from a third party when a post is shown.
function rehypeImagesAsLinks() {
  return (tree: unknown) => replaceImages(tree as TreeNode, false);
}

function replaceImages(node: TreeNode, insideLink: boolean) {
  if (!node.children) return;
  node.children = node.children.map((child) => {
    if (child.type !== 'element') return child;
    if (child.tagName === 'img') {
      const alt = typeof child.properties?.alt === 'string' ? child.properties.alt.trim() : '';
      const text: TreeNode = { type: 'text', value: alt || 'image' };
      if (insideLink) return text;
      return {
        type: 'element',
        tagName: 'a',
        properties: { href: child.properties?.src },
        children: [text],
      };
    }
    replaceImages(child, insideLink || child.tagName === 'a');
    return child;
  });
}

const remarkPlugins = [remarkLineBreaks];
// Tables (GitHub-flavoured markdown) only where asked: generated workout plans, not member posts.
const remarkPluginsWithTables = [remarkGfm, remarkLineBreaks];
const rehypePlugins = [rehypeImagesAsLinks];

const components: Components = {
  h1: ({ node: _node, className, ...props }) => (
    <h3 className={cn('text-lg font-bold tracking-tight', className)} {...props} />
  ),
  h2: ({ node: _node, className, ...props }) => (
    <h3 className={cn('text-base font-bold tracking-tight', className)} {...props} />
  ),
  h3: ({ node: _node, className, ...props }) => (
    <h4 className={cn('text-base font-semibold', className)} {...props} />
  ),
  h4: ({ node: _node, className, ...props }) => (
    <h5 className={cn('font-semibold', className)} {...props} />
  ),
  h5: ({ node: _node, className, ...props }) => (
    <h6 className={cn('font-semibold', className)} {...props} />
  ),
  h6: ({ node: _node, className, ...props }) => (
    <h6 className={cn('font-semibold', className)} {...props} />
  ),
  ul: ({ node: _node, className, ...props }) => (
    <ul
      className={cn('list-disc space-y-1 pl-5 marker:text-muted-foreground', className)}
      {...props}
    />
  ),
  ol: ({ node: _node, className, ...props }) => (
    <ol
      className={cn('list-decimal space-y-1 pl-5 marker:text-muted-foreground', className)}
      {...props}
    />
  ),
  li: ({ node: _node, className, ...props }) => <li className={cn('pl-1', className)} {...props} />,
  strong: ({ node: _node, className, ...props }) => (
    <strong className={cn('font-semibold', className)} {...props} />
  ),
  em: ({ node: _node, className, ...props }) => (
    <em className={cn('italic', className)} {...props} />
  ),
  blockquote: ({ node: _node, className, ...props }) => (
    <blockquote
      className={cn('border-l-2 border-border pl-3 text-muted-foreground', className)}
      {...props}
    />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      className={cn('rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]', className)}
      {...props}
    />
  ),
  pre: ({ node: _node, className, ...props }) => (
    <pre
      className={cn(
        'overflow-x-auto rounded-lg bg-muted p-3 text-sm [&>code]:bg-transparent [&>code]:p-0',
        className,
      )}
      {...props}
    />
  ),
  table: ({ node: _node, className, ...props }) => (
    <div className="overflow-x-auto">
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </div>
  ),
  th: ({ node: _node, className, ...props }) => (
    <th
      className={cn(
        'border-b border-border px-2 py-1.5 font-semibold whitespace-nowrap',
        className,
      )}
      {...props}
    />
  ),
  td: ({ node: _node, className, ...props }) => (
    <td className={cn('border-b border-border/60 px-2 py-1.5 align-top', className)} {...props} />
  ),
  hr: ({ node: _node, className, ...props }) => (
    <hr className={cn('border-border', className)} {...props} />
  ),
  a: ({ node: _node, href, children }) =>
    href ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium text-accent-text underline underline-offset-2 wrap-anywhere hover:no-underline"
      >
        {children}
      </a>
    ) : (
      // An unsafe or relative URL was dropped: keep the words, lose the link.
      <span>{children}</span>
    ),
};

export interface MarkdownProps {
  children: string | null | undefined;
  className?: string;
  /** GitHub-flavoured markdown (tables): for text we generate, such as workout plans. */
  tables?: boolean;
}

/** Renders member-written markdown safely: no HTML, no scripts, no remote images. */
export function Markdown({ children, className, tables = false }: MarkdownProps) {
  return (
    <div className={cn('space-y-3 text-sm leading-relaxed wrap-break-word', className)}>
      <ReactMarkdown
        skipHtml
        urlTransform={urlTransform}
        remarkPlugins={tables ? remarkPluginsWithTables : remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
      >
        {children ?? ''}
      </ReactMarkdown>
    </div>
  );
}
