import type { ToolCategory } from '@skillers/domain';

/** One concrete thing a team builds; its tags and its description's wording come from the same place. */
export interface Idea {
  /** Short enough for a project name: "irrigation planning for smallholder farmers". */
  title: string;
  /** Completes "we're building …": "a mobile app that tells smallholder farmers when to irrigate". */
  pitch: string;
  /** Who it is for, in the plural: "farmers". */
  audience: string;
  /** Labels of the industry vocabulary. */
  industries: readonly string[];
  /** Labels of the product-type vocabulary. */
  productTypes: readonly string[];
}

/**
 * A kind of collaboration (web startup, game studio, research lab…) with the tags and phrases that go
 * together in it. Every list of labels is ordered most common first: the generator picks from it with
 * falling weights, so a few labels are everywhere and most are rare, as on a real marketplace.
 */
export interface Archetype {
  key: string;
  /** How often this kind of post shows up, relative to the others. */
  weight: number;
  ideas: readonly Idea[];
  tools: readonly string[];
  /** Categories of the tool vocabulary from which a post now and then adds a rarer tool. */
  rareToolCategories: readonly ToolCategory[];
  /** Target roles of a project, and the roles profiles of this kind offer. */
  roles: readonly string[];
  projectTypes: readonly string[];
  rewards: readonly string[];
  compensationBases: readonly string[];
  softSkills: readonly string[];
  /** The business share of the work in percent, lowest and highest; the tech share is the rest. */
  bizShare: readonly [number, number];
  /** First halves of made-up brand names ("Field" + "wise"). */
  brandStems: readonly string[];
  /** Completes "we're looking for a … to …". */
  tasks: readonly string[];
  /** Completes "… years of experience …" in a profile's description. */
  experience: string;
  /** Completes "Most recently I … at <company>". */
  pastWork: readonly string[];
  /** Completes "I'd like to join …". */
  wantedTeams: readonly string[];
  bizPositions: readonly string[];
  techPositions: readonly string[];
}
