import {
  type ProjectRecord,
  ROLE_SHARE_TOTAL,
  type ProfileRecord,
  type ToolExperience,
  TOOLS,
  type UserRecord,
} from '@skillers/domain';
import type { Archetype } from './archetype';
import { ARCHETYPES, EVERYDAY_TOOLS, PERSONAL_ASSETS } from './archetypes';
import { CITIES, type City } from './cities';
import { listingFreshness } from './listing-freshness';
import {
  brandName,
  profileDescription,
  projectDescription,
  projectGoal,
  projectName,
  type ProjectStory,
} from './listing-text';
import { byRank, pickDistinct, type Weighted } from './popularity';
import { createSeededFakers, type Faker, type SeededFakers, timeOrderedId } from './seeded-fakers';

const DAY_MS = 86_400_000;
/** Listings spread over the half year before `now`, denser towards it, as on a growing marketplace. */
const LISTING_SPAN_MS = 182 * DAY_MS;
/** Accounts are older than every listing, so nobody posts before signing up. */
const ACCOUNT_AGE_MS = { min: 183 * DAY_MS, max: 365 * DAY_MS };

const HOURS_PER_WEEK = weights([3, 5, 10, 15, 20, 30, 40], [1, 3, 5, 3, 4, 2, 2]);
const COLLABORATION_MONTHS = weights([1, 3, 6, 12, 18, 24, 36, 48, 60], [1, 3, 5, 6, 2, 3, 1, 1, 1]);
/** A project asks for a working level; a profile tends to rate itself higher. */
const PROJECT_TOOL_LEVELS = weights([1, 2, 3, 4], [2, 4, 3, 1]);
const PROFILE_TOOL_LEVELS = weights([2, 3, 4, 5], [2, 4, 3, 1]);
const GENERAL_SOFT_SKILLS = ['Communication', 'Teamwork', 'Reliability', 'Time Management'];
/** Lower-case letters that Unicode decomposition does not turn into plain ASCII. */
const ASCII_SPELLINGS: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  æ: 'ae',
  ß: 'ss',
  đ: 'd',
  ı: 'i',
  œ: 'oe',
};

function weights<T>(values: readonly T[], relative: readonly number[]): Weighted<T>[] {
  return values.map((value, index) => ({ value, weight: relative[index] }));
}

/** An archetype with its lists turned into popularity weights once, rather than on every record. */
interface PreparedArchetype {
  archetype: Archetype;
  tools: Weighted<string>[];
  rareTools: readonly string[];
  roles: Weighted<string>[];
  projectTypes: Weighted<string>[];
  productTypes: Weighted<string>[];
  industries: Weighted<string>[];
  rewards: Weighted<string>[];
  compensationBases: Weighted<string>[];
  softSkills: Weighted<string>[];
}

const prepare = (archetype: Archetype): PreparedArchetype => ({
  archetype,
  tools: byRank(archetype.tools),
  rareTools: TOOLS.filter(
    (tool) => archetype.rareToolCategories.includes(tool.category) && !archetype.tools.includes(tool.name),
  ).map((tool) => tool.name),
  roles: byRank(archetype.roles),
  projectTypes: byRank(archetype.projectTypes),
  productTypes: byRank([...new Set(archetype.ideas.flatMap((idea) => idea.productTypes))]),
  industries: byRank([...new Set(archetype.ideas.flatMap((idea) => idea.industries))]),
  rewards: byRank(archetype.rewards),
  compensationBases: byRank(archetype.compensationBases),
  softSkills: byRank([...new Set([...archetype.softSkills, ...GENERAL_SOFT_SKILLS])]),
});

const PREPARED_ARCHETYPES: Weighted<PreparedArchetype>[] = ARCHETYPES.map((archetype) => ({
  value: prepare(archetype),
  weight: archetype.weight,
}));
const WEIGHTED_CITIES: Weighted<City>[] = CITIES.map((city) => ({ value: city, weight: city.weight }));

/** Lower-case ASCII letters and digits only, so generated usernames and emails are plain. */
const slug = (text: string, maxLength: number): string =>
  text
    .toLowerCase()
    .replace(/[łøæßđıœ]/g, (letter) => ASCII_SPELLINGS[letter])
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, maxLength);

/** Who a listing belongs to; listings are set where the owner lives, or in a random city when unknown. */
export interface DemoOwner {
  user: Pick<UserRecord, '_id' | 'username' | 'name' | 'surname'>;
  city?: City;
}

export interface DemoAccount {
  user: UserRecord;
  city: City;
}

export interface DemoDataOptions {
  /** The same seed (and `now`) gives the same records, call for call. */
  seed: number;
  /** Dates fall in the months before this moment; defaults to the current time. */
  now?: number;
  /** Usernames are numbered from here, so a run next to earlier ones stays unique. */
  firstUserNumber?: number;
}

/**
 * Makes believable accounts, projects and profiles, shaped exactly as the API stores them. Each
 * listing is built from one archetype and one idea, so its tags, tools and description agree with each
 * other; tags come from the vocabularies with skewed popularity.
 */
export class DemoDataGenerator {
  private nextUserNumber: number;

  private constructor(
    private readonly fakers: SeededFakers,
    private readonly now: number,
    firstUserNumber: number,
  ) {
    this.nextUserNumber = firstUserNumber;
  }

  static async create(options: DemoDataOptions): Promise<DemoDataGenerator> {
    const fakers = await createSeededFakers(
      options.seed,
      CITIES.map((city) => city.locale),
    );
    return new DemoDataGenerator(fakers, options.now ?? Date.now(), options.firstUserNumber ?? 1);
  }

  private get faker(): Faker {
    return this.fakers.main;
  }

  /** A new account; every generated account shares one password hash, computed once by the caller. */
  account(passwordHash: string): DemoAccount {
    const city = this.city();
    const locals = this.fakers.forLocale(city.locale);
    const name = locals.person.firstName();
    const surname = locals.person.lastName();
    const username = `${slug(name, 12)}.${slug(surname, 16)}${this.nextUserNumber++}`;
    const createdAt = new Date(this.now - this.faker.number.int(ACCOUNT_AGE_MS));
    const phoneNumber = this.faker.helpers.maybe(() => locals.phone.number({ style: 'international' }), {
      probability: 0.4,
    });
    const user: UserRecord = {
      _id: this.idAt(createdAt),
      username,
      usernameKey: username,
      email: `${username}@example.com`,
      passwordHash,
      name,
      surname,
      ...(phoneNumber && { phoneNumber }),
      createdAt: createdAt.toISOString(),
    };
    return { user, city };
  }

  /** Any one of the owners; projects go to random owners, so some have several and most have none. */
  pickOwner<T extends DemoOwner>(owners: readonly T[]): T {
    return this.faker.helpers.arrayElement(owners);
  }

  project(owner: DemoOwner): ProjectRecord {
    const faker = this.faker;
    const prepared = faker.helpers.weightedArrayElement(PREPARED_ARCHETYPES);
    const { archetype } = prepared;
    const idea = faker.helpers.arrayElement(archetype.ideas);
    const city = owner.city ?? this.city();
    const { createdAt, updatedAt } = this.listingDates();
    const tools = this.tools(prepared, faker.number.int({ min: 2, max: 5 }), PROJECT_TOOL_LEVELS);
    const roles = pickDistinct(faker, prepared.roles, faker.number.int({ min: 1, max: 3 }));
    const rewards = pickDistinct(faker, prepared.rewards, faker.number.int({ min: 1, max: 3 }));
    const { remote, office } = this.workingType();
    const hoursPerWeek = faker.helpers.maybe(() => faker.helpers.weightedArrayElement(HOURS_PER_WEEK), {
      probability: 0.8,
    });
    const story: ProjectStory = {
      archetype,
      idea,
      city,
      brand: brandName(faker, archetype),
      roles,
      tools: tools.map((entry) => entry.tool),
      rewards,
      hoursPerWeek,
      remote,
      office,
      createdAt,
    };
    const languages = this.languages(city);
    const bizRole = this.businessShare(archetype);
    const deadline = faker.helpers.maybe(() => this.firstOfMonthAfter(createdAt, 2, 12), {
      probability: 0.6,
    });
    const maybe = <T>(probability: number, make: () => T) => faker.helpers.maybe(make, { probability });
    return {
      _id: this.idAt(createdAt),
      ownerId: owner.user._id,
      projectName: projectName(faker, story.brand, idea),
      toolsExperience: tools,
      projectType: pickDistinct(faker, prepared.projectTypes, faker.number.int({ min: 1, max: 2 })),
      productType: idea.productTypes.slice(0, faker.number.int({ min: 1, max: idea.productTypes.length })),
      offeredGratification: rewards,
      forGratification: pickDistinct(faker, prepared.compensationBases, faker.number.int({ min: 1, max: 2 })),
      description: projectDescription(faker, story),
      ...optional(
        'projectGoal',
        maybe(0.7, () => projectGoal(faker, story)),
      ),
      ...optional(
        'softSkills',
        maybe(0.8, () => this.softSkills(prepared)),
      ),
      hardSkills: roles,
      areaOfExpertise: idea.industries.slice(0, faker.number.int({ min: 1, max: idea.industries.length })),
      usedLanguages: languages,
      locations: this.locations(city),
      ...(remote && { workingTypeRemote: true }),
      ...(office && { workingTypeOffice: true }),
      bizRole,
      techRole: ROLE_SHARE_TOTAL - bizRole,
      ...optional('deadline', deadline?.toISOString()),
      ...optional('availability', hoursPerWeek),
      ...(hoursPerWeek !== undefined && maybe(0.25, () => this.availabilityRange(hoursPerWeek))),
      ...(deadline &&
        maybe(0.3, () => ({
          deadlineFrom: this.firstOfMonthAfter(createdAt, 1, 1).toISOString(),
          deadlineTo: deadline.toISOString(),
        }))),
      ...optional(
        'baseLocation',
        maybe(0.4, () => [city.country]),
      ),
      ...(hoursPerWeek !== undefined &&
        maybe(0.3, () => ({
          weeklyEngagement: {
            from: Math.max(1, hoursPerWeek - faker.number.int({ min: 2, max: 10 })),
            to: hoursPerWeek,
          },
        }))),
      ...optional(
        'bizPosition',
        maybe(0.3, () => faker.helpers.arrayElement(archetype.bizPositions)),
      ),
      ...optional(
        'techPosition',
        maybe(0.3, () => faker.helpers.arrayElement(archetype.techPositions)),
      ),
      ...optional(
        'sectorDetails',
        maybe(0.25, () => `Our first market is ${idea.audience} in ${city.country}.`),
      ),
      ...optional(
        'personalAssets',
        maybe(0.2, () => pickDistinct(faker, byRank(PERSONAL_ASSETS), faker.number.int({ min: 1, max: 2 }))),
      ),
      ...optional(
        'speakingLanguagesRequired',
        maybe(0.25, () => [languages[0]]),
      ),
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      ...listingFreshness(this.fakers.activity, this.now, createdAt, updatedAt),
    };
  }

  profile(owner: DemoOwner): ProfileRecord {
    const faker = this.faker;
    const prepared = faker.helpers.weightedArrayElement(PREPARED_ARCHETYPES);
    const { archetype } = prepared;
    const city = owner.city ?? this.city();
    const { createdAt, updatedAt } = this.listingDates();
    const roles = pickDistinct(faker, prepared.roles, faker.number.int({ min: 1, max: 2 }));
    const tools = this.tools(prepared, faker.number.int({ min: 3, max: 7 }), PROFILE_TOOL_LEVELS);
    const hoursPerWeek = faker.helpers.weightedArrayElement(HOURS_PER_WEEK);
    const months = faker.helpers.weightedArrayElement(COLLABORATION_MONTHS);
    const { remote, office } = this.workingType();
    const { name, surname, username } = owner.user;
    const description = profileDescription(faker, {
      archetype,
      idea: faker.helpers.arrayElement(archetype.ideas),
      city,
      firstName: name,
      role: roles[0],
      tools: tools.map((entry) => entry.tool),
      company: this.fakers.forLocale(city.locale).company.name(),
      hoursPerWeek,
      months,
      remote,
      office,
    });
    const bizRole = this.businessShare(archetype);
    return {
      _id: this.idAt(createdAt),
      ownerId: owner.user._id,
      nickname: name && surname ? `${name} ${surname.charAt(0)}.` : username,
      toolsExperience: tools,
      projectType: pickDistinct(faker, prepared.projectTypes, faker.number.int({ min: 1, max: 3 })),
      productType: pickDistinct(faker, prepared.productTypes, faker.number.int({ min: 1, max: 3 })),
      offeredGratification: pickDistinct(faker, prepared.rewards, faker.number.int({ min: 1, max: 3 })),
      forGratification: pickDistinct(faker, prepared.compensationBases, faker.number.int({ min: 1, max: 2 })),
      description,
      ...optional(
        'softSkills',
        faker.helpers.maybe(() => this.softSkills(prepared), { probability: 0.8 }),
      ),
      hardSkills: roles,
      areaOfExpertise: pickDistinct(faker, prepared.industries, faker.number.int({ min: 1, max: 3 })),
      usedLanguages: this.languages(city),
      locations: this.locations(city),
      ...(remote && { workingTypeRemote: true }),
      ...(office && { workingTypeOffice: true }),
      bizRole,
      techRole: ROLE_SHARE_TOTAL - bizRole,
      availability: hoursPerWeek,
      deadline: months,
      ...faker.helpers.maybe(() => this.availabilityRange(hoursPerWeek), { probability: 0.2 }),
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      ...listingFreshness(this.fakers.activity, this.now, createdAt, updatedAt),
    };
  }

  private city(): City {
    return this.faker.helpers.weightedArrayElement(WEIGHTED_CITIES);
  }

  private idAt(time: Date): string {
    return timeOrderedId(this.faker, time.getTime());
  }

  private listingDates(): { createdAt: Date; updatedAt: Date } {
    const createdAt = new Date(this.now - Math.round(LISTING_SPAN_MS * this.faker.number.float() ** 1.5));
    const editedAfter = this.faker.helpers.maybe(
      () => Math.round((this.now - createdAt.getTime()) * this.faker.number.float()),
      { probability: 0.25 },
    );
    return { createdAt, updatedAt: new Date(createdAt.getTime() + (editedAfter ?? 0)) };
  }

  /** Midnight UTC on the first of a month between `min` and `max` months after `from`. */
  private firstOfMonthAfter(from: Date, min: number, max: number): Date {
    const months = this.faker.number.int({ min, max });
    return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  }

  private tools(
    prepared: PreparedArchetype,
    count: number,
    levels: readonly Weighted<number>[],
  ): ToolExperience[] {
    const faker = this.faker;
    const names = pickDistinct(faker, prepared.tools, count);
    const everyday = faker.helpers.maybe(() => faker.helpers.arrayElement(EVERYDAY_TOOLS), {
      probability: 0.35,
    });
    const rare = faker.helpers.maybe(() => faker.helpers.arrayElement(prepared.rareTools), {
      probability: 0.25,
    });
    for (const extra of [everyday, rare]) if (extra && !names.includes(extra)) names.push(extra);
    return names.map((tool) => ({ tool, mep: faker.helpers.weightedArrayElement(levels) }));
  }

  private softSkills(prepared: PreparedArchetype): string[] {
    return pickDistinct(this.faker, prepared.softSkills, this.faker.number.int({ min: 2, max: 4 }));
  }

  /** A share in steps of ten within the archetype's range: business-heavy for agencies, tech-heavy for labs. */
  private businessShare(archetype: Archetype): number {
    const [lowest, highest] = archetype.bizShare;
    return this.faker.number.int({ min: lowest / 10, max: highest / 10 }) * 10;
  }

  private workingType(): { remote: boolean; office: boolean } {
    return this.faker.helpers.weightedArrayElement([
      { value: { remote: true, office: false }, weight: 5 },
      { value: { remote: true, office: true }, weight: 3 },
      { value: { remote: false, office: true }, weight: 2 },
    ]);
  }

  /** The local language, often English beside it as the common one, now and then a second local one. */
  private languages(city: City): string[] {
    const [local, second] = city.languages;
    const used = [local];
    if (local !== 'English' && this.faker.datatype.boolean(0.6)) used.push('English');
    if (second && second !== 'English' && this.faker.datatype.boolean(0.15)) used.push(second);
    return used;
  }

  private locations(city: City): string[] {
    const elsewhere = this.faker.helpers.maybe(() => this.city().country, { probability: 0.3 });
    return elsewhere && elsewhere !== city.country ? [city.country, elsewhere] : [city.country];
  }

  /** The range the edit forms keep, per week or per month (a month counted as four weeks). */
  private availabilityRange(hoursPerWeek: number) {
    const availabilityType = this.faker.helpers.arrayElement(['week', 'Monthly']);
    const factor = availabilityType === 'week' ? 1 : 4;
    return {
      availabilityFrom: Math.max(1, hoursPerWeek - 5) * factor,
      availabilityTo: (hoursPerWeek + 5) * factor,
      availabilityType,
    };
  }
}

/** `{ [key]: value }` when there is a value, nothing otherwise: stored records leave empty fields out. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
