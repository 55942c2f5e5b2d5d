import { describe, expect, it } from 'vitest';
import type { SnippetPart } from '#common/schemas/search';
import { snippetCutter, tsqueryLexemes } from './snippet.ts';

const shown = (parts: SnippetPart[] | null) =>
  parts?.map((part) => (part.match ? `[${part.text}]` : part.text)).join('') ?? null;

describe('tsqueryLexemes', () => {
  it('reads the words of a tsquery in PostgreSQL text form, phrases and quotes included', () => {
    expect([...tsqueryLexemes("'dp' | 'director' <2> 'photographi' & 'documentari'")]).toEqual([
      'dp',
      'director',
      'photographi',
      'documentari',
    ]);
    expect([...tsqueryLexemes("'o''brien':* & 'a\\\\b'")]).toEqual(["o'brien", 'a\\b']);
    expect(tsqueryLexemes('').size).toBe(0);
  });
});

describe('snippetCutter', () => {
  it('marks words by their stem, as the english text search configuration reads them', () => {
    const cut = snippetCutter("'documentari' | 'photographi'");
    expect(shown(cut('Shoots documentaries; loves photography.'))).toBe(
      'Shoots [documentaries]; loves [photography].',
    );
  });

  it('answers nothing when no word matches', () => {
    expect(snippetCutter("'steadicam'")('Lights big night exteriors.')).toBeNull();
  });

  it('cuts 22 words around the stretch with the most different search words, with ellipses', () => {
    const filler = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `w${from + i}`).join(' ');
    const source = `${filler(0, 10)} gaffer ${filler(10, 30)} gaffer steadicam ${filler(40, 30)}`;
    const parts = snippetCutter("'gaffer' | 'steadicam'")(source);
    const text = shown(parts) ?? '';
    expect(text.startsWith('… ')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect(text).toContain('[gaffer] [steadicam]');
    expect(
      text
        .replace(/[…[\]]/g, '')
        .trim()
        .split(/\s+/),
    ).toHaveLength(22);
  });

  it('keeps the whole text when it is short, with its punctuation and no ellipsis', () => {
    expect(shown(snippetCutter("'gaffer'")('"Gaffer" on Glass City.'))).toBe('"[Gaffer]" on Glass City.');
  });
});
