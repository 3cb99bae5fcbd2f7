import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letters of the given and family names', () => {
    expect(initialsOf({ given_name: 'ada', family_name: 'Lovelace', display_name: 'x' })).toBe('AL');
  });

  it('falls back to the first and last word of the display name', () => {
    expect(initialsOf({ given_name: '', family_name: '', display_name: 'Grace B. Hopper' })).toBe('GH');
    expect(initialsOf({ display_name: 'Cher' })).toBe('CH');
  });

  it('shows a question mark when there is no name at all', () => {
    expect(initialsOf({ given_name: ' ', display_name: '' })).toBe('?');
    expect(initialsOf({ given_name: null, family_name: null, display_name: null })).toBe('?');
  });
});
