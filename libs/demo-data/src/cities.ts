/** A real place people post from, with what a post from there names: its country and languages. */
export interface City {
  name: string;
  /** A label of the country vocabulary. */
  country: string;
  /** Labels of the language vocabulary, the most spoken first. */
  languages: readonly string[];
  /** The faker locale whose people's names sound local there. */
  locale: string;
  /** How often posts come from here, relative to the other cities: a few hubs, a long tail. */
  weight: number;
}

export const CITIES: readonly City[] = [
  { name: 'London', country: 'United Kingdom', languages: ['English'], locale: 'en_GB', weight: 9 },
  { name: 'Berlin', country: 'Germany', languages: ['German', 'English'], locale: 'de', weight: 8 },
  {
    name: 'New York',
    country: 'United States',
    languages: ['English', 'Spanish'],
    locale: 'en_US',
    weight: 7,
  },
  { name: 'San Francisco', country: 'United States', languages: ['English'], locale: 'en_US', weight: 6 },
  { name: 'Lisbon', country: 'Portugal', languages: ['Portuguese', 'English'], locale: 'pt_PT', weight: 6 },
  { name: 'Paris', country: 'France', languages: ['French', 'English'], locale: 'fr', weight: 6 },
  { name: 'Amsterdam', country: 'Netherlands', languages: ['Dutch', 'English'], locale: 'nl', weight: 5 },
  {
    name: 'Bangalore',
    country: 'India',
    languages: ['English', 'Hindi', 'Kannada'],
    locale: 'en_IN',
    weight: 5,
  },
  {
    name: 'Barcelona',
    country: 'Spain',
    languages: ['Spanish', 'Catalan', 'English'],
    locale: 'es',
    weight: 5,
  },
  { name: 'Madrid', country: 'Spain', languages: ['Spanish', 'English'], locale: 'es', weight: 4 },
  { name: 'São Paulo', country: 'Brazil', languages: ['Portuguese'], locale: 'pt_BR', weight: 4 },
  { name: 'Toronto', country: 'Canada', languages: ['English', 'French'], locale: 'en_CA', weight: 4 },
  { name: 'Warsaw', country: 'Poland', languages: ['Polish', 'English'], locale: 'pl', weight: 3 },
  { name: 'Stockholm', country: 'Sweden', languages: ['Swedish', 'English'], locale: 'sv', weight: 3 },
  { name: 'Dublin', country: 'Ireland', languages: ['English'], locale: 'en_IE', weight: 3 },
  { name: 'Lagos', country: 'Nigeria', languages: ['English', 'Yoruba'], locale: 'en_NG', weight: 3 },
  { name: 'Munich', country: 'Germany', languages: ['German', 'English'], locale: 'de', weight: 3 },
  { name: 'Austin', country: 'United States', languages: ['English'], locale: 'en_US', weight: 3 },
  { name: 'Mexico City', country: 'Mexico', languages: ['Spanish'], locale: 'es_MX', weight: 3 },
  { name: 'Milan', country: 'Italy', languages: ['Italian', 'English'], locale: 'it', weight: 3 },
  { name: 'Sydney', country: 'Australia', languages: ['English'], locale: 'en_AU', weight: 3 },
  {
    name: 'Mumbai',
    country: 'India',
    languages: ['English', 'Hindi', 'Marathi'],
    locale: 'en_IN',
    weight: 3,
  },
  { name: 'Porto', country: 'Portugal', languages: ['Portuguese', 'English'], locale: 'pt_PT', weight: 2 },
  { name: 'Vienna', country: 'Austria', languages: ['German', 'English'], locale: 'de_AT', weight: 2 },
  { name: 'Zurich', country: 'Switzerland', languages: ['German', 'English'], locale: 'de_CH', weight: 2 },
  { name: 'Copenhagen', country: 'Denmark', languages: ['Danish', 'English'], locale: 'da', weight: 2 },
  { name: 'Helsinki', country: 'Finland', languages: ['Finnish', 'English'], locale: 'fi', weight: 2 },
  { name: 'Oslo', country: 'Norway', languages: ['Norwegian', 'English'], locale: 'nb_NO', weight: 2 },
  { name: 'Prague', country: 'Czechia', languages: ['Czech', 'English'], locale: 'cs_CZ', weight: 2 },
  { name: 'Kraków', country: 'Poland', languages: ['Polish', 'English'], locale: 'pl', weight: 2 },
  { name: 'Lyon', country: 'France', languages: ['French'], locale: 'fr', weight: 2 },
  {
    name: 'Brussels',
    country: 'Belgium',
    languages: ['French', 'Dutch', 'English'],
    locale: 'nl_BE',
    weight: 2,
  },
  { name: 'Manchester', country: 'United Kingdom', languages: ['English'], locale: 'en_GB', weight: 2 },
  { name: 'Edinburgh', country: 'United Kingdom', languages: ['English'], locale: 'en_GB', weight: 1 },
  { name: 'Montreal', country: 'Canada', languages: ['French', 'English'], locale: 'fr_CA', weight: 2 },
  { name: 'Nairobi', country: 'Kenya', languages: ['English', 'Swahili'], locale: 'en', weight: 2 },
  { name: 'Accra', country: 'Ghana', languages: ['English'], locale: 'en_GH', weight: 1 },
  {
    name: 'Cape Town',
    country: 'South Africa',
    languages: ['English', 'Afrikaans'],
    locale: 'en_ZA',
    weight: 2,
  },
  {
    name: 'Singapore',
    country: 'Singapore',
    languages: ['English', 'Chinese', 'Malay'],
    locale: 'en',
    weight: 2,
  },
  { name: 'Melbourne', country: 'Australia', languages: ['English'], locale: 'en_AU', weight: 2 },
  { name: 'Bucharest', country: 'Romania', languages: ['Romanian', 'English'], locale: 'ro', weight: 1 },
  { name: 'Jakarta', country: 'Indonesia', languages: ['Indonesian', 'English'], locale: 'id_ID', weight: 1 },
  {
    name: 'Ho Chi Minh City',
    country: 'Vietnam',
    languages: ['Vietnamese', 'English'],
    locale: 'vi',
    weight: 1,
  },
  { name: 'Istanbul', country: 'Türkiye', languages: ['Turkish', 'English'], locale: 'tr', weight: 1 },
  { name: 'Budapest', country: 'Hungary', languages: ['Hungarian', 'English'], locale: 'hu', weight: 1 },
  { name: 'Bratislava', country: 'Slovakia', languages: ['Slovak', 'English'], locale: 'sk', weight: 1 },
  { name: 'Zagreb', country: 'Croatia', languages: ['Croatian', 'English'], locale: 'hr', weight: 1 },
];
