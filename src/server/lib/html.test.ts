import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('leaves no character that could open a tag, an entity or leave a quoted attribute', () => {
    const escaped = escapeHtml(`<img src=x onerror="alert('1')"> & &amp;`);
    expect(escaped).toBe(
      '&lt;img src=x onerror=&quot;alert(&#x27;1&#x27;)&quot;&gt; &amp; &amp;amp;',
    );
    expect(escaped).not.toMatch(/[<>"']/);
  });

  it('keeps plain text as it is', () => {
    expect(escapeHtml('Sam Lee · Day 12 ✓')).toBe('Sam Lee · Day 12 ✓');
  });
});
