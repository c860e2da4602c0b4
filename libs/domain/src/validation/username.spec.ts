import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../messages';
import { signupSchema } from './auth.schema';
import { hasInvisibleCharacters, latinSkeleton, mixesAlphabets, usernameKey } from './username';

const signup = (username: string) =>
  signupSchema.safeParse({ username, email: 'someone@example.com', password: 'long-enough-pass' });
const refusal = (username: string) => {
  const result = signup(username);
  return result.success ? undefined : result.error.issues[0].message;
};

describe('usernames', () => {
  it('are stored NFKC-normalised: fullwidth and compatibility letters fold to plain ones', () => {
    const result = signup('ｄｅｍｏ');
    expect(result.success && result.data.username).toBe('demo');
    expect(usernameKey('Ｄｅｍｏ')).toBe('demo');
    expect(usernameKey('ﬁsh')).toBe('fish');
  });

  it('refuse zero-width and other invisible characters', () => {
    for (const name of ['demo\u200b', 'de\u200dmo', 'de\ufeffmo', 'de\u00admo', 'demo\u2060', 'demo\u202e']) {
      expect(hasInvisibleCharacters(name), JSON.stringify(name)).toBe(true);
      expect(refusal(name), JSON.stringify(name)).toBeDefined();
    }
    expect(refusal('demo\u200b')).toBe(AUTH_MESSAGES.usernameInvisible);
  });

  it('refuse letters of two look-alike alphabets in one name', () => {
    expect(mixesAlphabets('d\u0435mo')).toBe(true);
    expect(refusal('d\u0435mo')).toBe(AUTH_MESSAGES.usernameMixedScripts);
    expect(refusal('p\u03b1ypal')).toBe(AUTH_MESSAGES.usernameMixedScripts);
  });

  it('take names in one alphabet, with digits and punctuation', () => {
    for (const name of ['ada.lovelace99', 'Дмитрий', 'Ελένη', 'さくら_2', 'José-María', '王小明']) {
      expect(refusal(name), name).toBeUndefined();
    }
  });

  it('map look-alike letters of other alphabets to the Latin name they imitate', () => {
    expect(latinSkeleton('\u0441\u043e\u0440\u0435')).toBe('cope');
    expect(latinSkeleton('\u0440\u0430\u0443')).toBe('pay');
    // Only the look-alike letters change: a Cyrillic name with other letters imitates no Latin one.
    expect(latinSkeleton('Дмитрий')).toBe('дmиtpий');
    expect(latinSkeleton('ada')).toBe('ada');
  });
});
