import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { isSafeLink, LinkifiedText } from './linkified-text';

const render = (text: string) => renderToStaticMarkup(<LinkifiedText text={text} />);

describe('announcement text', () => {
  it('makes web and e-mail addresses clickable links that open apart', () => {
    const html = render('Read https://example.com/news?a=1 or www.example.org, or write to help@example.com');
    expect(html).toContain('<a href="https://example.com/news?a=1" target="_blank" rel="noopener noreferrer nofollow"');
    expect(html).toContain('>https://example.com/news?a=1</a>');
    expect(html).toContain('href="https://www.example.org"');
    expect(html).toContain('href="mailto:help@example.com"');
  });

  it('never reads the text as HTML', () => {
    const html = render('<img src=x onerror=alert(1)> <b>bold</b>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('links no other scheme than http(s) and mailto', () => {
    expect(isSafeLink('javascript:alert(1)', 'url')).toBe(false);
    expect(isSafeLink('data:text/html,hi', 'url')).toBe(false);
    expect(isSafeLink('ftp://example.com', 'url')).toBe(false);
    expect(isSafeLink('example.com', 'url')).toBe(true);
    expect(isSafeLink('HTTPS://example.com', 'url')).toBe(true);
    expect(render('javascript:alert(1)')).not.toContain('<a');
  });
});
