import { describe, it, expect } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('is 0 and Too short under 8 characters, whatever the mix', () => {
    expect(passwordStrength('Ab1!xyz')).toEqual({
      score: 0,
      label: 'Too short',
      meetsMinimum: false,
    });
    expect(passwordStrength('')).toMatchObject({ score: 0, meetsMinimum: false });
  });

  it('meets the minimum at 8 characters even with one kind of character', () => {
    expect(passwordStrength('abcdefgh')).toEqual({ score: 1, label: 'Weak', meetsMinimum: true });
  });

  it('rewards mixing kinds of characters', () => {
    expect(passwordStrength('abcdefg1').score).toBe(1);
    expect(passwordStrength('Abcdefg1')).toMatchObject({ score: 2, label: 'Fair' });
    expect(passwordStrength('Abcdef1!')).toMatchObject({ score: 3, label: 'Good' });
  });

  it('rewards length', () => {
    expect(passwordStrength('abcdefghijkl').score).toBe(1);
    expect(passwordStrength('abcdefghijklmnop').score).toBe(2);
    expect(passwordStrength('Abcdefgh1!xy')).toMatchObject({ score: 4, label: 'Strong' });
    expect(passwordStrength('correct horse battery staple').score).toBe(3);
  });

  it('keeps repetitive passwords weak', () => {
    expect(passwordStrength('Aa1!Aa1!Aa1!Aa1!').score).toBe(1);
  });
});
