import { describe, expect, it } from 'vitest';
import {
  inlineText,
  isSafeHref,
  markdownVariables,
  parseInline,
  parseMarkdown,
  usesVariables,
} from './markdown';

describe('parseMarkdown', () => {
  it('reads the front matter, headings with anchors, paragraphs and both kinds of list', () => {
    const page = parseMarkdown(`---
updated: 2026-11-25
---
Une introduction
sur deux lignes.

## 1. Objet du service
- un
- deux
  suite de deux

### Détails
1. premier
2. second
`);
    expect(page.updated).toBe('2026-11-25');
    expect(page.blocks.map((block) => block.kind)).toEqual([
      'paragraph',
      'heading',
      'list',
      'heading',
      'list',
    ]);
    expect(page.blocks[0]).toEqual({
      kind: 'paragraph',
      children: [{ kind: 'text', text: 'Une introduction sur deux lignes.' }],
    });
    expect(page.blocks[1]).toMatchObject({ kind: 'heading', level: 2, id: '1-objet-du-service' });
    expect(page.blocks[2]).toMatchObject({ kind: 'list', ordered: false });
    const bullets = page.blocks[2];
    expect(bullets?.kind === 'list' && bullets.items.map((item) => inlineText(item))).toEqual([
      'un',
      'deux suite de deux',
    ]);
    expect(page.blocks[3]).toMatchObject({ kind: 'heading', level: 3, id: 'details' });
    expect(page.blocks[4]).toMatchObject({ kind: 'list', ordered: true });
  });

  it('gives repeated headings distinct anchors and has no date without front matter', () => {
    const page = parseMarkdown('## Droits\n\n## Droits\n');
    expect(page.updated).toBeNull();
    expect(page.blocks.map((block) => (block.kind === 'heading' ? block.id : ''))).toEqual([
      'droits',
      'droits-2',
    ]);
  });

  it('keeps HTML as plain text: a page can never carry markup or script', () => {
    const page = parseMarkdown('<script>alert(1)</script> and <b>bold</b>');
    expect(page.blocks).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '<script>alert(1)</script> and <b>bold</b>' }] },
    ]);
  });
});

describe('editors’ notes', () => {
  it('leaves out HTML comments, on one line or several, and keeps the words around them', () => {
    const page = parseMarkdown(
      'Refund within 14 days.<!-- [to verify] article --> Then\n\n<!--\nA note\n\nover lines\n-->\n## Title',
    );
    expect(page.blocks).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'Refund within 14 days. Then' }] },
      { kind: 'heading', level: 2, id: 'title', children: [{ kind: 'text', text: 'Title' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('reads bold, links (bold inside) and variables', () => {
    expect(parseInline('Voir **la [politique](/privacy)** de {{publisherName}}.')).toEqual([
      { kind: 'text', text: 'Voir ' },
      {
        kind: 'strong',
        children: [
          { kind: 'text', text: 'la ' },
          { kind: 'link', href: '/privacy', children: [{ kind: 'text', text: 'politique' }] },
        ],
      },
      { kind: 'text', text: ' de ' },
      { kind: 'variable', name: 'publisherName' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves a link to javascript:, http: or another site through // as text', () => {
    for (const href of [
      'javascript:alert(1)',
      'http://insecure.example',
      '//evil.example',
      'data:text/html,x',
    ])
      expect(parseInline(`[clic](${href})`)).toEqual([{ kind: 'text', text: `[clic](${href})` }]);
  });
});

describe('isSafeHref and markdownVariables', () => {
  it('accepts site paths, https and mailto only', () => {
    expect(
      ['/terms', '/privacy#droits', 'https://www.cnil.fr', 'mailto:privacy@kreo.example'].every(isSafeHref),
    ).toBe(true);
    expect(['//evil.example', 'http://x.example', 'javascript:x', '/\\evil'].some(isSafeHref)).toBe(false);
  });

  it('tells whether blocks name a variable, in lists and links too', () => {
    expect(usesVariables(parseMarkdown('Rien ici.').blocks)).toBe(false);
    expect(usesVariables(parseMarkdown('- [écrire à {{supportEmail}}](/contact)').blocks)).toBe(true);
  });

  it('lists each variable once, sorted', () => {
    expect(markdownVariables('{{supportEmail}} {{ publisherName }} {{supportEmail}}')).toEqual([
      'publisherName',
      'supportEmail',
    ]);
  });
});
