import type { Archetype, Idea } from './archetype';
import type { City } from './cities';
import type { Faker } from './seeded-fakers';

/** How a description names each reward an archetype offers; the catalogue test checks none is missing. */
export const REWARD_PHRASES: Readonly<Record<string, string>> = {
  Bonuses: 'bonuses',
  'Certificate of Participation': 'a certificate of participation',
  'Co-Founder Title': 'a co-founder title for the right person',
  Commission: 'commission on the sales you bring in',
  'Equipment Allowance': 'an equipment allowance',
  'Equity Grant': 'equity',
  'Fixed Fee': 'a fixed fee',
  'Flexible Hours': 'flexible hours',
  'Health Benefits': 'health insurance',
  'Hourly Pay': 'an hourly rate',
  Mentorship: 'mentorship from people who have done this before',
  'Portfolio Credit': 'full credit for your portfolio',
  'Profit Sharing': 'a share of the profits',
  'Recommendation Letter': 'a recommendation letter',
  'Revenue Share': 'a share of the revenue',
  Royalties: 'royalties',
  Salary: 'a salary',
  'Signing Bonus': 'a signing bonus',
  'Stock Options': 'stock options',
  'Training Budget': 'a training budget',
};

const TEAM_SIZES = ['two', 'three', 'four', 'five', 'six'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const BRAND_ENDINGS = ['ly', 'hub', 'base', 'kit', 'works', 'flow', 'mate', 'wise', 'lab', 'nest'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** Letters whose spoken name starts with a vowel: "an SEO Specialist", "a UX Designer". */
const VOWEL_SOUND_LETTERS = 'AEFHILMNORSX';

/** "a Backend Developer", "an iOS Developer", "an SEO Specialist", "a UX Designer". */
export const withArticle = (phrase: string): string => {
  const acronym = /^[A-Z]{2}/.test(phrase);
  const an = acronym ? VOWEL_SOUND_LETTERS.includes(phrase[0]) : /^[aeiou]/i.test(phrase);
  return `${an ? 'an' : 'a'} ${phrase}`;
};

/** "A", "A and B", "A, B and C". */
export const listing = (items: readonly string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const monthAndYear = (date: Date): string => `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** A made-up product name in the archetype's register: "Fieldwise", "Pixelworks". */
export const brandName = (faker: Faker, archetype: Archetype): string =>
  `${faker.helpers.arrayElement(archetype.brandStems)}${faker.helpers.arrayElement(BRAND_ENDINGS)}`;

export const projectName = (faker: Faker, brand: string, idea: Idea): string =>
  faker.helpers.arrayElement([`${brand}: ${idea.title}`, brand, capitalized(idea.title)]);

/** What the description of a project is made from: the same choices its tags were made from. */
export interface ProjectStory {
  archetype: Archetype;
  idea: Idea;
  city: City;
  brand: string;
  roles: readonly string[];
  tools: readonly string[];
  rewards: readonly string[];
  hoursPerWeek?: number;
  remote: boolean;
  office: boolean;
  createdAt: Date;
}

const projectIntro = (faker: Faker, story: ProjectStory): string => {
  const { idea, city, brand, archetype } = story;
  return faker.helpers.arrayElement([
    () =>
      `We're a ${faker.helpers.arrayElement(TEAM_SIZES)}-person team in ${city.name} building ${idea.pitch}.`,
    () => `${brand} is a small team based in ${city.name}. We're building ${idea.pitch}.`,
    () =>
      `I'm ${withArticle(faker.helpers.arrayElement(archetype.roles))} in ${city.name}, and for the last ` +
      `${faker.number.int({ min: 2, max: 14 })} months I've been working on ${idea.pitch} in my evenings and weekends.`,
    () =>
      `${brand} started in ${city.name} ${faker.number.int({ min: 3, max: 30 })} months ago: ${idea.pitch}.`,
  ])();
};

const projectTraction = (faker: Faker, story: ProjectStory): string => {
  const { idea, city } = story;
  const some = () => faker.number.int({ min: 2, max: 9 }) * 10;
  return faker.helpers.arrayElement([
    () =>
      `About ${some()} ${idea.audience} are testing an early version, and ` +
      `${faker.number.int({ min: 3, max: 15 })} of them already pay for it.`,
    () => `We have a working prototype and ${some() * 5} ${idea.audience} on the waiting list.`,
    () =>
      `So far it's self-funded; we've validated the idea in ${some() / 2} interviews with ${idea.audience}.`,
    () => `We were accepted into an accelerator programme in ${city.name} this year.`,
    () =>
      `A first pilot runs with ${faker.number.int({ min: 5, max: 40 })} ${idea.audience} around ${city.name}.`,
  ])();
};

const projectNeed = (faker: Faker, story: ProjectStory): string => {
  const [first, second, third] = story.tools;
  const skills = second ? `${first} and ${second}` : first;
  const need =
    `We're looking for ${withArticle(story.roles[0])} who knows ${skills} ` +
    `to ${faker.helpers.arrayElement(story.archetype.tasks)}.`;
  const bonus = faker.helpers.arrayElement([
    third ? `Experience with ${third} is a plus.` : '',
    `Bonus points if you have worked with ${story.idea.audience} before.`,
    '',
  ]);
  return bonus ? `${need} ${bonus}` : need;
};

const projectLogistics = (faker: Faker, story: ProjectStory): string => {
  const weekday = faker.helpers.arrayElement(WEEKDAYS);
  const place = story.office
    ? story.remote
      ? `We're mostly remote but meet in ${story.city.name} every other ${weekday}.`
      : `We work from a shared office in ${story.city.name}.`
    : `We work remotely, with a short call every ${weekday}.`;
  return story.hoursPerWeek ? `${place} Expect around ${story.hoursPerWeek} hours a week.` : place;
};

export const projectDescription = (faker: Faker, story: ProjectStory): string =>
  [
    projectIntro(faker, story),
    projectTraction(faker, story),
    projectNeed(faker, story),
    projectLogistics(faker, story),
    `In return we offer ${listing(story.rewards.map((reward) => REWARD_PHRASES[reward]))}.`,
  ].join(' ');

export const projectGoal = (faker: Faker, story: ProjectStory): string => {
  const { idea, city, createdAt } = story;
  const monthsAhead = faker.number.int({ min: 3, max: 12 });
  const target = new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth() + monthsAhead, 1));
  return faker.helpers.arrayElement([
    () =>
      `Get the first version in front of ${faker.number.int({ min: 5, max: 50 }) * 10} ${idea.audience} by ${monthAndYear(target)}.`,
    () =>
      `Reach ${faker.number.int({ min: 2, max: 20 }) * 5} paying ${idea.audience} within ${monthsAhead} months.`,
    () => `Ship a public beta before ${monthAndYear(target)} and learn what to build next.`,
    () => `Prove that ${idea.title} works in ${city.name} before expanding to the rest of ${city.country}.`,
  ])();
};

/** What a skiller's description is made from. */
export interface ProfileStory {
  archetype: Archetype;
  idea: Idea;
  city: City;
  firstName?: string;
  role: string;
  tools: readonly string[];
  company: string;
  hoursPerWeek: number;
  months: number;
  remote: boolean;
  office: boolean;
}

export const profileDescription = (faker: Faker, story: ProfileStory): string => {
  const { archetype, city, role } = story;
  const years = faker.number.int({ min: 1, max: 15 });
  const intro = faker.helpers.arrayElement([
    () =>
      `I'm ${withArticle(role)} from ${city.name} with ${years} years of experience ${archetype.experience}.`,
    () => `${role} based in ${city.name}, ${years} years ${archetype.experience}.`,
    () =>
      story.firstName
        ? `Hi! I'm ${story.firstName}, ${withArticle(role)} living in ${city.name}.`
        : `Hi! I'm ${withArticle(role)} living in ${city.name}.`,
  ])();
  const past = `${faker.helpers.arrayElement(['Most recently', 'Previously', 'Until last year'])} I ${faker.helpers.arrayElement(archetype.pastWork)} at ${story.company}.`;
  const [first, second, third, learning] = story.tools;
  const tools = learning
    ? `I work mostly with ${listing([first, second, third])}, and I'm learning ${learning}.`
    : `I work mostly with ${listing(story.tools)}.`;
  const wish = `I'd like to join ${faker.helpers.arrayElement(archetype.wantedTeams)} and work on something like ${story.idea.title}.`;
  const where = story.remote
    ? story.office
      ? `, remotely or in person around ${city.name}`
      : ', remotely'
    : ` in person in ${city.name}`;
  const months = story.months === 1 ? 'month' : `${story.months} months`;
  const time = `I can give about ${story.hoursPerWeek} hours a week for the next ${months}${where}.`;
  return [intro, past, tools, wish, time].join(' ');
};
