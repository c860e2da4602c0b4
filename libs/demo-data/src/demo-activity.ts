import {
  type ChatMessage,
  type CommentRecord,
  conversationPairKey,
  type ConversationReadRecord,
  type ConversationRecord,
  NOTIFICATION_PREVIEW_LENGTH,
  type NotificationRecord,
  type PostRecord,
  type PublicUser,
} from '@skillers/domain';
import { COLLECTIONS, type RecordStore, type StoredDocument } from '@skillers/store';
import { createSeededFakers, type Faker, timeOrderedId } from './seeded-fakers';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Feed activity spreads over the last two weeks, so the feed reads as current. */
const FEED_SPAN_MS = 14 * DAY_MS;

export const DEMO_ACTIVITY_COUNTS = {
  posts: 24,
  /** Of the posts, this many are the demo account's own, so likes and comments notify it. */
  ownPosts: 2,
  /** People the demo account talks with; their posts, likes and comments show up more. */
  contacts: 6,
  /** Of the conversations, this many end with messages the demo account has not read yet. */
  unreadConversations: 3,
} as const;

const POSTS = [
  'Just shipped the first beta of our scheduling app. Feedback very welcome!',
  'Looking for a React developer who enjoys small, focused teams. Remote is fine.',
  'We reached 100 early sign-ups this week. Thanks to everyone who tested it.',
  'Does anyone have experience pricing a B2B SaaS for small agencies?',
  'Weekend hackathon recap: three prototypes, one keeper. Notes in the comments.',
  'Our designer joined through Skillers last month and it changed how we work.',
  'Searching for a co-founder with a sales background for a climate tech idea.',
  'Tip: write the landing page before the code. It tells you what to build.',
  'Happy to review pitch decks for early-stage founders this week.',
  'We are moving our backend to TypeScript. Any pitfalls we should know about?',
  'Open to collaborate on an open-source accessibility checker.',
  'First paying customer today. Small number, big day.',
  'Anyone in Berlin up for a coffee and a chat about marketplaces?',
  'Our mobile app needs a UX audit. Looking for someone with fintech experience.',
  'Lessons from our failed launch: we talked to users far too late.',
  'Hiring a part-time data analyst to make sense of our product metrics.',
];

const COMMENTS = [
  'Congratulations, well deserved!',
  'I would love to help, sending you a message.',
  'Great point, we learned the same the hard way.',
  'Interested! What stack are you using?',
  'Count me in.',
  'This is really useful, thanks for sharing.',
  'We tried something similar, happy to compare notes.',
  'Which tools did you use for this?',
  'Following, this is exactly what we need too.',
  'Nice work, the design looks clean.',
];

/** Conversations read as a short exchange about working together; `them` opens. */
const EXCHANGES = [
  [
    'Hi! I saw your profile and think you would fit our project.',
    'Thanks for reaching out. What is the project about?',
    'A booking tool for small studios. We need help with the frontend.',
    'Sounds interesting. How many hours a week are you thinking of?',
    'About ten to start with. Could we have a call this week?',
  ],
  [
    'Hello, is your project still looking for a designer?',
    'Yes, it is! Do you have a portfolio I can look at?',
    'Sure, here is a link to my latest work.',
    'Really nice. Let us set up a short call.',
    'Great, Thursday afternoon works for me.',
  ],
  [
    'Hey, loved your post about pricing.',
    'Thank you! Are you working on something similar?',
    'A SaaS for freelancers. Could I ask you a few questions?',
    'Of course, ask away.',
    'Thanks a lot, I will send them over tonight.',
  ],
  [
    'Hi, would you be open to a collaboration on the accessibility checker?',
    'Definitely. What part would you like to take on?',
    'The reporting side. I have built dashboards before.',
    'Perfect, that is the part we are missing.',
    'Great, I just forked the repository.',
  ],
];

export interface DemoActivityOptions {
  seed: number;
  /** Dates fall before this moment; defaults to the current time. */
  now?: number;
  /** The account visitors sign in with. */
  demo: PublicUser;
  /** Everybody else who may post, like, comment and talk; the first few become the demo's contacts. */
  people: readonly PublicUser[];
}

export interface DemoActivity {
  posts: PostRecord[];
  comments: CommentRecord[];
  conversations: ConversationRecord[];
  messages: ChatMessage[];
  reads: ConversationReadRecord[];
  notifications: NotificationRecord[];
}

const publicUser = ({ _id, username }: PublicUser): PublicUser => ({ _id, username });

/** Builds the records one post or conversation at a time, drawing every choice from one seeded faker. */
class ActivityBuilder {
  readonly activity: DemoActivity = {
    posts: [],
    comments: [],
    conversations: [],
    messages: [],
    reads: [],
    notifications: [],
  };
  private readonly demo: PublicUser;
  private readonly people: PublicUser[];
  readonly contacts: PublicUser[];

  constructor(
    private readonly faker: Faker,
    private readonly now: number,
    options: DemoActivityOptions,
  ) {
    this.demo = publicUser(options.demo);
    this.people = options.people.map(publicUser);
    this.contacts = this.people.slice(0, DEMO_ACTIVITY_COUNTS.contacts);
  }

  /** A post with its likes and comments; on the demo account's own posts, each one notifies it. */
  post(own: boolean): void {
    const { faker, demo } = this;
    const author = own ? demo : this.someone();
    // Own posts are recent, so their likes and comments are the newest events.
    const span = own ? 3 * DAY_MS : FEED_SPAN_MS;
    const postedAt = this.now - Math.round(span * faker.number.float({ min: 0.05, max: 1 }));
    const post: PostRecord = {
      _id: this.id(postedAt),
      data: faker.helpers.arrayElement(POSTS),
      user: author,
      likes: [],
      createdAt: new Date(postedAt).toISOString(),
    };
    const likers = faker.helpers.arrayElements([...this.contacts, ...this.people.slice(0, 30), demo], {
      min: own ? 3 : 0,
      max: 9,
    });
    for (const liker of new Map(likers.map((user) => [user._id, user])).values()) {
      if (liker._id === author._id) continue;
      post.likes.push(liker._id);
      const likedAt = postedAt + faker.number.int({ min: 3, max: 120 }) * 60_000;
      if (own) this.notify('like', liker, likedAt, { postId: post._id });
    }
    let commentedAt = postedAt;
    for (let c = faker.number.int({ min: own ? 2 : 0, max: 4 }); c > 0; c -= 1) {
      commentedAt = Math.min(
        this.now - 60_000,
        commentedAt + faker.number.int({ min: 5, max: 600 }) * 60_000,
      );
      const commenter = !own && faker.datatype.boolean(0.15) ? demo : this.someone();
      const comment: CommentRecord = {
        _id: this.id(commentedAt),
        postId: post._id,
        data: faker.helpers.arrayElement(COMMENTS),
        user: commenter,
        createdAt: new Date(commentedAt).toISOString(),
      };
      this.activity.comments.push(comment);
      if (own) this.notify('comment', commenter, commentedAt, { postId: post._id, text: comment.data });
    }
    this.activity.posts.push(post);
  }

  /**
   * A short exchange the friend opened. An unread one ends with the friend's message past the demo
   * account's read marker; a read one ends with the demo account's message, which the friend has seen.
   */
  conversation(friend: PublicUser, index: number, unread: boolean): void {
    const { faker, demo } = this;
    const exchange = EXCHANGES[index % EXCHANGES.length];
    // Exchanges have five lines: all five end with the friend, the first four with the demo account.
    const lines = unread ? exchange : exchange.slice(0, 4);
    const startedAt = this.now - faker.number.int({ min: 2, max: 72 }) * HOUR_MS;
    const conversation: ConversationRecord = {
      _id: this.id(startedAt),
      participants: [demo._id, friend._id].sort() as [string, string],
      pairKey: conversationPairKey(demo._id, friend._id),
      createdAt: new Date(startedAt).toISOString(),
    };
    let sentAt = startedAt;
    const messages = lines.map((text, line): ChatMessage => {
      sentAt = Math.min(this.now - 60_000, sentAt + faker.number.int({ min: 2, max: 90 }) * 60_000);
      return {
        _id: this.id(sentAt),
        conversationId: conversation._id,
        senderId: line % 2 === 0 ? friend._id : demo._id,
        message: text,
        date: new Date(sentAt).toISOString(),
      };
    });
    const last = messages[messages.length - 1];
    const demoReadAt = unread ? messages[messages.length - 2].date : last.date;
    this.activity.conversations.push(conversation);
    this.activity.messages.push(...messages);
    this.activity.reads.push(
      { _id: this.id(sentAt), conversationId: conversation._id, userId: friend._id, readAt: last.date },
      { _id: this.id(sentAt), conversationId: conversation._id, userId: demo._id, readAt: demoReadAt },
    );
    if (unread) {
      this.notify('message', friend, sentAt, { conversationId: conversation._id, text: last.message }, false);
    }
  }

  /** Contacts act more often than strangers, so the demo account recognises the names in its feed. */
  private someone(): PublicUser {
    return this.faker.helpers.arrayElement(this.faker.datatype.boolean(0.5) ? this.contacts : this.people);
  }

  private id(time: number): string {
    return timeOrderedId(this.faker, time);
  }

  /** Nobody is notified of their own doing; some older events are already read. */
  private notify(
    kind: NotificationRecord['kind'],
    actor: PublicUser,
    time: number,
    about: Pick<NotificationRecord, 'postId' | 'conversationId' | 'text'>,
    read = this.faker.datatype.boolean(0.4),
  ): void {
    if (actor._id === this.demo._id) return;
    this.activity.notifications.push({
      _id: this.id(time),
      userId: this.demo._id,
      kind,
      actor,
      ...about,
      ...(about.text !== undefined && { text: about.text.slice(0, NOTIFICATION_PREVIEW_LENGTH) }),
      read,
      createdAt: new Date(time).toISOString(),
    });
  }
}

/**
 * Feed posts with likes and comments and conversations for the demo account, so a newcomer signing in
 * sees a product in use. The same seed, `now` and people give the same records.
 */
export const generateDemoActivity = async (options: DemoActivityOptions): Promise<DemoActivity> => {
  if (options.people.length < DEMO_ACTIVITY_COUNTS.contacts) {
    throw new Error(`Demo activity needs at least ${DEMO_ACTIVITY_COUNTS.contacts} other people`);
  }
  const { main: faker } = await createSeededFakers(options.seed, []);
  const builder = new ActivityBuilder(faker, options.now ?? Date.now(), options);
  for (let n = 0; n < DEMO_ACTIVITY_COUNTS.posts; n += 1) builder.post(n < DEMO_ACTIVITY_COUNTS.ownPosts);
  for (const [index, friend] of builder.contacts.entries()) {
    builder.conversation(friend, index, index < DEMO_ACTIVITY_COUNTS.unreadConversations);
  }
  return builder.activity;
};

/** Stores the generated activity, each kind in one batch. */
export const seedDemoActivity = async (
  store: RecordStore,
  options: DemoActivityOptions,
): Promise<DemoActivity> => {
  const activity = await generateDemoActivity(options);
  const insert = <T extends StoredDocument>(
    spec: (typeof COLLECTIONS)[keyof typeof COLLECTIONS],
    docs: T[],
  ) => (docs.length ? store.collection<T>(spec).insertMany(docs) : Promise.resolve(0));
  await insert(COLLECTIONS.posts, activity.posts);
  await insert(COLLECTIONS.comments, activity.comments);
  await insert(COLLECTIONS.conversations, activity.conversations);
  await insert(COLLECTIONS.messages, activity.messages);
  await insert(COLLECTIONS.conversationReads, activity.reads);
  await insert(COLLECTIONS.notifications, activity.notifications);
  return activity;
};
