import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from './markdown';

const table = '| Exercise | Sets |\n| --- | --- |\n| Goblet squat | 3 |';

describe('Markdown', () => {
  it('renders tables only when asked (workout plans), not in member posts', () => {
    const plan = renderToStaticMarkup(<Markdown tables>{table}</Markdown>);
    expect(plan).toContain('<table');
    expect(plan).toContain(
      '<td class="border-b border-border/60 px-2 py-1.5 align-top">Goblet squat</td>',
    );
    const post = renderToStaticMarkup(<Markdown>{table}</Markdown>);
    expect(post).not.toContain('<table');
  });

  it('still drops raw HTML and unsafe links with tables on', () => {
    const html = renderToStaticMarkup(
      <Markdown tables>{'<script>alert(1)</script> [x](javascript:alert(1))'}</Markdown>,
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
  });
});
