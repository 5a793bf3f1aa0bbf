import { describe, expect, it } from 'vitest';
import { da } from '../../shared/texts/da';
import { pluralKey, translate } from '../../src/i18n/translate';

describe('translate: override > bundled Danish default > key', () => {
  it('uses the bundled Danish text without overrides', () => {
    expect(translate('general.close')).toBe('Luk');
    expect(translate('general.close')).toBe(da['general.close']);
  });

  it("uses the organization's override when there is one", () => {
    expect(translate('general.close', undefined, { 'general.close': 'Luk vinduet' })).toBe('Luk vinduet');
  });

  it('an override for another key does not change this one', () => {
    expect(translate('general.close', undefined, { 'general.back': 'Retur' })).toBe('Luk');
  });

  it('falls back to the Danish default when the override is empty', () => {
    expect(translate('general.close', undefined, { 'general.close': '' })).toBe('Luk');
  });

  it('returns the key itself for an unknown key, never an empty text', () => {
    expect(translate('no.such.key')).toBe('no.such.key');
    expect(translate('no.such.key', undefined, {})).toBe('no.such.key');
  });

  it('uses an override for a key the bundle does not know', () => {
    expect(translate('server.only', undefined, { 'server.only': 'Kun fra serveren' })).toBe(
      'Kun fra serveren',
    );
  });
});

describe('translate: {name} placeholders', () => {
  it('fills placeholders from params', () => {
    expect(translate('home.greeting', { userName: 'Åse Ørsted' })).toBe('Hej Åse Ørsted');
  });

  it('fills numbers', () => {
    expect(translate('home.departments.count.other', { count: 12 })).toBe('12 afdelinger');
    expect(translate('home.departments.count.one', { count: 1 })).toBe('1 afdeling');
  });

  it('fills every occurrence and several names', () => {
    expect(translate('x', { a: 1, b: 'to' }, { x: '{a}-{b}-{a}' })).toBe('1-to-1');
  });

  it('fills placeholders in an override too', () => {
    expect(translate('home.greeting', { userName: 'Bo' }, { 'home.greeting': 'Goddag, {userName}!' })).toBe(
      'Goddag, Bo!',
    );
  });

  it('leaves a placeholder whose param is missing', () => {
    expect(translate('home.greeting', {})).toBe('Hej {userName}');
    expect(translate('home.greeting')).toBe('Hej {userName}');
    expect(translate('x', { a: 1 }, { x: '{a} og {b}' })).toBe('1 og {b}');
  });

  it('treats a placeholder named like an Object.prototype member as missing', () => {
    expect(translate('x', {}, { x: 'Værdi: {constructor} {toString}' })).toBe(
      'Værdi: {constructor} {toString}',
    );
  });

  it('inserts values literally, $ patterns included', () => {
    expect(translate('home.greeting', { userName: '$& $1 $$' })).toBe('Hej $& $1 $$');
  });

  it('fills the value 0 and the empty string', () => {
    expect(translate('x', { n: 0 }, { x: '[{n}]' })).toBe('[0]');
    expect(translate('x', { n: '' }, { x: '[{n}]' })).toBe('[]');
  });
});

describe('pluralKey', () => {
  it('picks .one for exactly 1 and .other otherwise', () => {
    expect(pluralKey('home.departments.count', 1)).toBe('home.departments.count.one');
    expect(pluralKey('home.departments.count', 0)).toBe('home.departments.count.other');
    expect(pluralKey('home.departments.count', 2)).toBe('home.departments.count.other');
    expect(pluralKey('home.departments.count', 21)).toBe('home.departments.count.other');
  });

  it('gives keys that exist in the Danish bundle', () => {
    for (const count of [0, 1, 5]) {
      const key = pluralKey('a11y.searchResults', count);
      expect(key in da).toBe(true);
      expect(translate(key, { count })).toBe(
        count === 1 ? '1 resultat fundet.' : `${count} resultater fundet.`,
      );
    }
  });
});
