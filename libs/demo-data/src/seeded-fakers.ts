import type { Faker } from '@faker-js/faker' with { 'resolution-mode': 'import' };

export type { Faker };

/** One faker for the wording and the numbers, plus one per locale so names sound like where people live. */
export interface SeededFakers {
  main: Faker;
  /** Last-active times and open switches, apart from `main` so the rest stays as it was without them. */
  activity: Faker;
  forLocale(locale: string): Faker;
}

/**
 * Every faker is seeded from `seed`, so the same seed and the same calls give the same data. faker is an
 * ES module, which this CommonJS build loads with a dynamic import.
 */
export const createSeededFakers = async (seed: number, locales: readonly string[]): Promise<SeededFakers> => {
  const { Faker: FakerClass, allLocales, base, en } = await import('@faker-js/faker');
  const seeded = (definitions: (typeof allLocales)[keyof typeof allLocales][], stream: number) => {
    const faker = new FakerClass({ locale: [...definitions, en, base] });
    faker.seed([seed, stream]);
    return faker;
  };
  const byLocale = new Map<string, Faker>();
  for (const [index, locale] of [...new Set(locales)].entries()) {
    const definition = allLocales[locale as keyof typeof allLocales];
    if (!definition) throw new Error(`Unknown faker locale: ${locale}`);
    byLocale.set(locale, seeded([definition], index + 1));
  }
  return {
    main: seeded([], 0),
    // A stream number no locale takes (they count from 1).
    activity: seeded([], -1),
    forLocale: (locale) => {
      const faker = byLocale.get(locale);
      if (!faker) throw new Error(`No faker was prepared for the locale ${locale}`);
      return faker;
    },
  };
};

/** An ObjectId-shaped id whose leading seconds are `time`, so ids sort by time as the store's own do. */
export const timeOrderedId = (faker: Faker, time: number): string =>
  `${Math.floor(time / 1000)
    .toString(16)
    .padStart(8, '0')}${faker.string.hexadecimal({ length: 16, casing: 'lower', prefix: '' })}`;
