import { describe, expect, it } from 'vitest';
import { personName } from './person-name.ts';

describe('a person’s name', () => {
  it.each([
    [['Dr', 'Helena', 'Marsh'], 'Dr Helena Marsh'],
    [['', 'Dora', 'Demo'], 'Dora Demo'],
    [[undefined, 'Dora', 'Demo'], 'Dora Demo'],
    [[null, ' John ', ' Thornton '], 'John Thornton'],
    [['Professor', 'Julian', ''], 'Professor Julian'],
    [['  ', '', ''], ''],
  ])('%j reads %j', (parts, name) => {
    expect(personName(...parts)).toBe(name);
  });
});
