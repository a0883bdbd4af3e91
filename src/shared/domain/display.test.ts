import { describe, it, expect } from 'vitest';
import es from '../../locales/es.json';
import { DEFAULT_CAPTION } from '../constants';
import { registerCatalogue, setLocaleSource } from '../i18n/translate';
import {
  avatarInitial,
  captionPreview,
  customerIdPreview,
  displayNameFromEmail,
  greetingName,
  shownCaption,
} from './display';

describe('captionPreview', () => {
  it('keeps short captions whole', () => {
    expect(captionPreview('Leg day.')).toBe('Leg day.');
    expect(captionPreview('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('cuts to 50 characters plus an ellipsis', () => {
    expect(captionPreview('x'.repeat(51))).toBe('x'.repeat(50) + '...');
  });

  it('does not split an emoji', () => {
    const caption = '💪'.repeat(60);
    expect(captionPreview(caption)).toBe('💪'.repeat(50) + '...');
  });

  it("reads 'No caption' when empty", () => {
    expect(captionPreview('')).toBe('No caption');
    expect(captionPreview(null)).toBe('No caption');
  });
});

describe('shownCaption', () => {
  it("shows the spec's default caption in the reader's language, and a member's words as written", () => {
    registerCatalogue('es', es);
    setLocaleSource(() => 'es');
    try {
      expect(shownCaption(DEFAULT_CAPTION)).toBe('¡Check-in del día hecho!');
      expect(captionPreview(DEFAULT_CAPTION)).toBe('¡Check-in del día hecho!');
      expect(shownCaption('Leg day')).toBe('Leg day');
    } finally {
      setLocaleSource(() => 'en');
    }
    expect(shownCaption(DEFAULT_CAPTION)).toBe('Daily check-in complete!');
  });
});

describe('customerIdPreview', () => {
  it('shows the first 10 characters plus an ellipsis', () => {
    expect(customerIdPreview('cus_ABCDEFGHIJKL')).toBe('cus_ABCDEF...');
    expect(customerIdPreview('cus_short')).toBe('cus_short');
    expect(customerIdPreview(null)).toBe('N/A');
  });
});

describe('avatarInitial', () => {
  it("uses the display name's first letter, upper-cased, or U", () => {
    expect(avatarInitial('sam')).toBe('S');
    expect(avatarInitial('  Élodie')).toBe('É');
    expect(avatarInitial('')).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
});

describe('displayNameFromEmail', () => {
  it('takes the local part of the e-mail', () => {
    expect(displayNameFromEmail('sam.lee@example.com')).toBe('sam.lee');
    expect(displayNameFromEmail(' jo@x.io ')).toBe('jo');
  });

  it('keeps a quoted local part whole, up to the last "@"', () => {
    expect(displayNameFromEmail('"sam@home"@example.com')).toBe('"sam@home"');
  });
});

describe('greetingName', () => {
  it('calls a member by their first name, else their display name, else nothing', () => {
    expect(greetingName('Sam', 'Sam Lee')).toBe('Sam');
    expect(greetingName(null, 'Sam Lee')).toBe('Sam Lee');
    expect(greetingName('  ', ' sam.lee ')).toBe('sam.lee');
    expect(greetingName(undefined, '')).toBeNull();
  });
});
