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
import { createSeededFakers } from './seeded-fakers';

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

/**
 * Feed posts with likes and comments and conversations for the demo account, so a newcomer signing in
 * sees a product in use. The same seed, `now` and people give the same records.
 */
export const generateDemoActivity = async (options: DemoActivityOptions): Promise<DemoActivity> => {
  if (options.people.length < DEMO_ACTIVITY_COUNTS.contacts) {
    throw new Error(`Demo activity needs at least ${DEMO_ACTIVITY_COUNTS.contacts} other people`);
  }
  const { main: faker } = await createSeededFakers(options.seed, []);
  const now = options.now ?? Date.now();
  const id = (time: number) =>
    `${Math.floor(time / 1000)
      .toString(16)
      .padStart(8, '0')}${faker.string.hexadecimal({ length: 16, casing: 'lower', prefix: '' })}`;
  const demo = publicUser(options.demo);
  const people = options.people.map(publicUser);
  const contacts = people.slice(0, DEMO_ACTIVITY_COUNTS.contacts);
  // Contacts act more often than strangers, so the demo account recognises the names in its feed.
  const someone = () =>
    faker.datatype.boolean(0.5) ? faker.helpers.arrayElement(contacts) : faker.helpers.arrayElement(people);

  const activity: DemoActivity = {
    posts: [],
    comments: [],
    conversations: [],
    messages: [],
    reads: [],
    notifications: [],
  };
  const notify = (
    kind: NotificationRecord['kind'],
    actor: PublicUser,
    time: number,
    extra: Partial<NotificationRecord>,
  ) =>
    activity.notifications.push({
      _id: id(time),
      userId: demo._id,
      kind,
      actor,
      read: faker.datatype.boolean(0.4),
      createdAt: new Date(time).toISOString(),
      ...extra,
    });

  for (let n = 0; n < DEMO_ACTIVITY_COUNTS.posts; n += 1) {
    const own = n < DEMO_ACTIVITY_COUNTS.ownPosts;
    const author = own ? demo : someone();
    // Own posts are recent, so their likes and comments are the newest events.
    const postedAt =
      now - Math.round((own ? 3 * DAY_MS : FEED_SPAN_MS) * faker.number.float({ min: 0.05, max: 1 }));
    const post: PostRecord = {
      _id: id(postedAt),
      data: faker.helpers.arrayElement(POSTS),
      user: author,
      likes: [],
      createdAt: new Date(postedAt).toISOString(),
    };
    const likers = faker.helpers.arrayElements([...contacts, ...people.slice(0, 30), demo], {
      min: own ? 3 : 0,
      max: 9,
    });
    for (const liker of new Set(likers.map((user) => user._id))) {
      if (liker === author._id) continue;
      post.likes.push(liker);
      const actor = [...people, demo].find((user) => user._id === liker) as PublicUser;
      if (own)
        notify('like', actor, postedAt + (faker.number.int({ min: 1, max: 40 }) * HOUR_MS) / 20, {
          postId: post._id,
        });
    }
    const commentCount = faker.number.int({ min: own ? 2 : 0, max: 4 });
    let commentedAt = postedAt;
    for (let c = 0; c < commentCount; c += 1) {
      commentedAt = Math.min(now - 60_000, commentedAt + faker.number.int({ min: 5, max: 600 }) * 60_000);
      const commenter = faker.datatype.boolean(0.15) && !own ? demo : someone();
      const comment: CommentRecord = {
        _id: id(commentedAt),
        postId: post._id,
        data: faker.helpers.arrayElement(COMMENTS),
        user: commenter,
        createdAt: new Date(commentedAt).toISOString(),
      };
      activity.comments.push(comment);
      if (own && commenter._id !== demo._id) {
        notify('comment', commenter, commentedAt, {
          postId: post._id,
          text: comment.data.slice(0, NOTIFICATION_PREVIEW_LENGTH),
        });
      }
    }
    activity.posts.push(post);
  }

  for (const [index, friend] of contacts.entries()) {
    const unread = index < DEMO_ACTIVITY_COUNTS.unreadConversations;
    const exchange = EXCHANGES[index % EXCHANGES.length];
    // Unread conversations end with the friend's message: exchanges of odd length end with the opener.
    const lines = unread ? exchange : exchange.slice(0, 4);
    const startedAt = now - faker.number.int({ min: 2, max: 72 }) * HOUR_MS;
    const participants = [demo._id, friend._id].sort() as [string, string];
    const conversation: ConversationRecord = {
      _id: id(startedAt),
      participants,
      pairKey: conversationPairKey(demo._id, friend._id),
      createdAt: new Date(startedAt).toISOString(),
    };
    activity.conversations.push(conversation);
    let sentAt = startedAt;
    const messages = lines.map((text, line): ChatMessage => {
      sentAt = Math.min(now - 60_000, sentAt + faker.number.int({ min: 2, max: 90 }) * 60_000);
      return {
        _id: id(sentAt),
        conversationId: conversation._id,
        senderId: line % 2 === 0 ? friend._id : demo._id,
        message: text,
        date: new Date(sentAt).toISOString(),
      };
    });
    activity.messages.push(...messages);
    const last = messages[messages.length - 1];
    // The friend has read everything; the demo account has read up to its own last message where unread.
    activity.reads.push({
      _id: id(sentAt),
      conversationId: conversation._id,
      userId: friend._id,
      readAt: last.date,
    });
    const demoReadAt = unread ? messages[messages.length - 2].date : last.date;
    activity.reads.push({
      _id: id(sentAt),
      conversationId: conversation._id,
      userId: demo._id,
      readAt: demoReadAt,
    });
    if (unread) {
      activity.notifications.push({
        _id: id(sentAt),
        userId: demo._id,
        kind: 'message',
        actor: friend,
        conversationId: conversation._id,
        text: last.message.slice(0, NOTIFICATION_PREVIEW_LENGTH),
        read: false,
        createdAt: last.date,
      });
    }
  }
  return activity;
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
