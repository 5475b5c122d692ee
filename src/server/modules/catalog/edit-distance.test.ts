import { describe, expect, it } from 'vitest';
import { editDistance, editsAllowed } from './edit-distance';

describe('editDistance', () => {
  it.each([
    ['brake', 'brake', 0],
    ['brkae', 'brake', 1], // two letters swapped
    ['rbake', 'brake', 1], // swapped at the start
    ['brakr', 'brake', 1], // one letter wrong
    ['rotr', 'rotor', 1], // one letter missing
    ['alternnator', 'alternator', 1], // one letter doubled
    ['sockte', 'socket', 1],
    ['guage', 'gauge', 1],
    ['brkaes', 'brake', 2],
    ['', 'abc', 3],
    ['abc', '', 3],
  ])('%s to %s is %i edits', (a, b, expected) => {
    expect(editDistance(a, b, 3)).toBe(expected);
    expect(editDistance(b, a, 3)).toBe(expected);
  });

  it('stops at max + 1 once the words are further apart', () => {
    expect(editDistance('wrench', 'charger', 1)).toBe(2);
    expect(editDistance('brake', 'br', 1)).toBe(2);
    expect(editDistance('abcdef', 'badcfe', 2)).toBe(3);
    expect(editDistance('abcdef', 'badcfe', 3)).toBe(3);
  });
});

describe('editsAllowed', () => {
  it('corrects no word of three letters, one edit up to seven, two from eight', () => {
    expect(editsAllowed('jak')).toBe(0);
    expect(editsAllowed('rotr')).toBe(1);
    expect(editsAllowed('sockets')).toBe(1);
    expect(editsAllowed('alternnator')).toBe(2);
  });
});
