import { describe, expect, it } from 'vitest';
import { countOf, foldName, forCount, nameIncludes, namesMatch, stripHtml } from './text.ts';

describe('stripHtml', () => {
  it('removes tags and keeps their text', () => {
    expect(stripHtml('<p>Vegetarian <b>please</b></p>')).toBe('Vegetarian please');
    expect(stripHtml('Line<br/>break')).toBe('Linebreak');
  });

  it('removes scripts, styles and comments with their content', () => {
    expect(stripHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(stripHtml('a<STYLE type="text/css">p{}</STYLE>b')).toBe('ab');
    expect(stripHtml('a<!-- note -->b')).toBe('ab');
  });

  it('leaves text that only looks like comparison alone', () => {
    expect(stripHtml('2 < 3 and 5 > 4')).toBe('2 < 3 and 5 > 4');
    expect(stripHtml('Tom & Jerry')).toBe('Tom & Jerry');
  });

  it('leaves no tag that removing another one put together', () => {
    expect(stripHtml('<<b>script>alert(1)<</b>/script>')).toBe('');
    expect(stripHtml('x<<i>img src=x onerror=alert(1)>y')).toBe('xy');
    expect(stripHtml('<!<!-- -->-- hidden -->z')).toBe('z');
  });

  it('does not decode entities back into tags', () => {
    expect(stripHtml('&lt;b&gt;bold&lt;/b&gt;')).toBe('&lt;b&gt;bold&lt;/b&gt;');
  });
});

describe('name matching', () => {
  it('ignores accents, case and extra spaces', () => {
    expect(foldName('  Hôtel   LUTÉTIA ')).toBe('hotel lutetia');
    expect(namesMatch('Hôtel Lutetia', 'hotel lutetia')).toBe(true);
    expect(namesMatch('Grand Hotel Wien', 'Grand Hotel Vienna')).toBe(false);
  });

  it('finds a name inside a longer text', () => {
    expect(nameIncludes('Additional Night - Hôtel Lutetia', 'additional night')).toBe(true);
    expect(nameIncludes('Opera tickets', 'Additional night')).toBe(false);
    expect(nameIncludes('anything', '  ')).toBe(false);
  });
});

describe('singular and plural', () => {
  it('uses the singular for exactly one and the plural for any other count', () => {
    expect([0, 1, 2, 11].map((count) => countOf(count, 'tour'))).toEqual(['0 tours', '1 tour', '2 tours', '11 tours']);
    expect([1, 2].map((count) => countOf(count, 'person', 'people'))).toEqual(['1 person', '2 people']);
    // A verb agrees with its count too: '1 tour matches', '3 tours match'.
    expect([1, 3].map((count) => `${countOf(count, 'tour')} ${forCount(count, 'matches', 'match')} your choices`)).toEqual([
      '1 tour matches your choices',
      '3 tours match your choices',
    ]);
  });
});
