import { describe, expect, it } from 'vitest';
import { formatPersonName } from './people.ts';

describe('formatPersonName', () => {
  it('names a person by title, forename and surname', () => {
    expect(formatPersonName({ title: 'Dr', forename: 'Helena', surname: 'Marsh' })).toBe('Dr Helena Marsh');
  });

  it('leaves out a title that is empty, blank, null or absent', () => {
    expect(formatPersonName({ title: '', forename: 'Jo', surname: 'Park' })).toBe('Jo Park');
    expect(formatPersonName({ title: '   ', forename: 'Jo', surname: 'Park' })).toBe('Jo Park');
    expect(formatPersonName({ title: null, forename: 'Jo', surname: 'Park' })).toBe('Jo Park');
    expect(formatPersonName({ forename: 'Jo', surname: 'Park' })).toBe('Jo Park');
  });

  it('trims each part, so stray spaces never double up', () => {
    expect(formatPersonName({ title: ' Mrs ', forename: ' Ann', surname: 'Lee  ' })).toBe('Mrs Ann Lee');
  });

  it('answers what is there when a part is missing, and nothing for no name at all', () => {
    expect(formatPersonName({ title: 'Mr', forename: '', surname: 'Smith' })).toBe('Mr Smith');
    expect(formatPersonName({ title: '', forename: '', surname: '' })).toBe('');
  });

  it('keeps names as written: accents, hyphens and apostrophes', () => {
    expect(formatPersonName({ title: 'Ms', forename: 'Zoë', surname: "O'Brien-Müller" })).toBe("Ms Zoë O'Brien-Müller");
  });
});
