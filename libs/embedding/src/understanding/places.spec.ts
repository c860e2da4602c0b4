import { describe, expect, it } from 'vitest';
import { words } from '../lexical-labels';
import { findPlaces } from './places';

const placesOf = (text: string) => findPlaces(words(text));
const countriesOf = (text: string) => placesOf(text).flatMap((place) => place.countries);

describe('findPlaces', () => {
  it('knows cities by name, with their country', () => {
    expect(placesOf('projects in barcelona or madrid')).toEqual([
      { text: 'barcelona', countries: ['Spain'] },
      { text: 'madrid', countries: ['Spain'] },
    ]);
    expect(countriesOf('a designer from lagos')).toEqual(['Nigeria']);
    expect(countriesOf('someone in new york or sao paulo')).toEqual(['United States', 'Brazil']);
  });

  it('reads city names that are everyday words as words unless capitalised or after a place word', () => {
    expect(placesOf('reading list app with a nice mobile design')).toEqual([]);
    expect(countriesOf('based near reading')).toEqual(['United Kingdom']);
    expect(countriesOf('a startup in Nice')).toEqual(['France']);
  });

  it('maps countries, nationalities and regions to the vocabulary countries', () => {
    expect(countriesOf('a german startup')).toEqual(['Germany']);
    expect(countriesOf('anyone in the UK')).toEqual(['United Kingdom']);
    expect(countriesOf('let us build')).toEqual([]);
    expect(countriesOf('devs in the nordics')).toEqual(['Denmark', 'Finland', 'Iceland', 'Norway', 'Sweden']);
    const latam = countriesOf('latam developers');
    expect(latam).toContain('Brazil');
    expect(latam).toContain('Mexico');
    expect(latam).not.toContain('Spain');
    expect(countriesOf('EU only')).toHaveLength(27);
  });

  it('leaves a nationality next to a language word to the language', () => {
    expect(countriesOf('german speaking designer')).toEqual([]);
    expect(countriesOf('fluent in spanish')).toEqual([]);
  });

  it('reads working types', () => {
    expect(placesOf('fully remote crypto project')).toEqual([
      { text: 'fully remote', countries: [], workingTypes: ['Remote'] },
    ]);
    expect(placesOf('on-site in berlin')[0].workingTypes).toEqual(['Office']);
    expect(placesOf('hybrid role')[0].workingTypes).toEqual(['Remote', 'Office']);
  });
});
