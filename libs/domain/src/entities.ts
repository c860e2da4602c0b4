/** Records as stored. Ids are 24-hex strings; timestamps are ISO-8601 strings. */
export interface UserRecord {
  _id: string;
  username: string;
  /** Lower-cased username: usernames are unique regardless of case. */
  usernameKey: string;
  email: string;
  passwordHash: string;
  name?: string;
  surname?: string;
  phoneNumber?: string;
  createdAt: string;
  /** Raised when the password is reset or changed: tokens signed with an older one are refused. */
  tokenVersion?: number;
  /** False until the mailed confirmation link is opened; absent counts as confirmed (`isEmailVerified`). */
  emailVerified?: boolean;
}

/** A password reset asked for: stored under the SHA-256 of the mailed token, never the token itself. */
export interface PasswordResetRecord {
  /** base64url SHA-256 of the token. */
  _id: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
}

/** What the API shows of a user: never the password hash or internal keys. */
export interface PublicUser {
  _id: string;
  username: string;
}

export interface AccountSettings extends PublicUser {
  email: string;
  name: string;
  surname: string;
  phoneNumber: string;
  /** Whether the owner opened the confirmation link mailed to `email`. */
  emailVerified: boolean;
}

export interface FeedbackRecord {
  _id: string;
  description: string;
  email?: string;
  userId?: string;
  createdAt: string;
}

export interface PropositionRecord {
  _id: string;
  proposition: string;
  filterType: string;
  userId: string;
  createdAt: string;
}
