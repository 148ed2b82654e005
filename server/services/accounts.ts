/**
 * Accounts: sign-up, login, e-mail verification, password reset and profile. Handlers stay thin;
 * the rules live here. Every e-mail is queued in the transaction of the change that causes it
 * (mail/mail-queue.ts); none is sent inside a request.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { emailTokens, users } from '../db/schema';
import { consumeEmailToken, createEmailToken } from './email-tokens';
import { hasInvisibleOrBidiControls, passwordProblem, type PasswordContext } from './input-rules';
import { enqueueMail, enqueuePasswordReset, type MailQueue } from './mail/mail-queue';
import type { MailMessage } from './mail/mailer';
import { emailChangedNotice, passwordResetEmail, verificationEmail, type MailBrand } from './mail/messages';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { addressKey, RateLimitedError, type RateLimitRule, type RateLimiter } from './rate-limiter';
import type { SessionService } from './sessions';

/** A machine-readable reason the app says in the user's language (openapi: Error.code). */
export type AccountErrorCode =
  | 'PASSWORD_TOO_SHORT'
  | 'PASSWORD_TOO_COMMON'
  | 'NAME_INVALID_CHARACTERS'
  | 'CURRENT_PASSWORD_REQUIRED'
  | 'CURRENT_PASSWORD_WRONG';

export class AccountError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409,
    message: string,
    readonly publicCode?: AccountErrorCode,
  ) {
    super(message);
  }
}

/** Per-account limits (the per-address ones are in plugins/rate-limits.ts). 0 turns one off. */
export interface AccountLimits {
  /** Wrong passwords for one account (login, e-mail change, deletion) before it must wait. */
  failedPasswords: RateLimitRule;
  /** E-mail changes of one account. */
  emailChangesPerAccount: RateLimitRule;
  /** Verification mails one address can be sent by e-mail changes, whoever asks. */
  emailChangesPerAddress: RateLimitRule;
  /** Verification mails re-sent for one account. */
  resendsPerAccount: RateLimitRule;
  /** Reset mails asked for one address. */
  resetsPerAddress: RateLimitRule;
  /**
   * What an account may ask of the rest of the server (security review R3-I3): document previews
   * and downloads (each costs a document written), draft saves (the wizard saves as the founder
   * types) and checkout sessions (one order row each, one Stripe call each in Stripe mode).
   */
  documentPreviews: RateLimitRule;
  documentDownloads: RateLimitRule;
  draftSaves: RateLimitRule;
  checkoutSessions: RateLimitRule;
  /**
   * Sign-ups from one client address that met an address already taken (security review R3-I1):
   * past it, every sign-up from there waits, so that the answer tells nothing more.
   */
  takenAddressesPerClient: RateLimitRule;
  /** One-time signing codes mailed to one account (issue 35). */
  signingCodes: RateLimitRule;
}

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  failedPasswords: { max: 10, windowMs: 15 * 60 * 1000 },
  emailChangesPerAccount: { max: 3, windowMs: HOUR },
  emailChangesPerAddress: { max: 3, windowMs: 24 * HOUR },
  resendsPerAccount: { max: 5, windowMs: HOUR },
  resetsPerAddress: { max: 5, windowMs: HOUR },
  // A founder opens a preview every few seconds at most, switching document or language.
  documentPreviews: { max: 30, windowMs: MINUTE },
  // Three documents, two formats, three languages: 18 files, downloaded again now and then.
  documentDownloads: { max: 30, windowMs: MINUTE },
  // The wizard saves a second or so after the founder stops typing: far fewer than two a second.
  draftSaves: { max: 120, windowMs: MINUTE },
  // A founder may start a checkout, go back and change plan a few times.
  checkoutSessions: { max: 20, windowMs: HOUR },
  // A person who forgot they had an account meets it once or twice; a list is tried by the hundred.
  takenAddressesPerClient: { max: 10, windowMs: HOUR },
  // A signatory asks again when a code is lost or late; five an hour leaves no room for guessing.
  signingCodes: { max: 5, windowMs: HOUR },
};
export const NO_ACCOUNT_LIMITS: AccountLimits = {
  failedPasswords: { max: 0, windowMs: 1 },
  emailChangesPerAccount: { max: 0, windowMs: 1 },
  emailChangesPerAddress: { max: 0, windowMs: 1 },
  resendsPerAccount: { max: 0, windowMs: 1 },
  resetsPerAddress: { max: 0, windowMs: 1 },
  documentPreviews: { max: 0, windowMs: 1 },
  documentDownloads: { max: 0, windowMs: 1 },
  draftSaves: { max: 0, windowMs: 1 },
  checkoutSessions: { max: 0, windowMs: 1 },
  takenAddressesPerClient: { max: 0, windowMs: 1 },
  signingCodes: { max: 0, windowMs: 1 },
};

type User = typeof users.$inferSelect;

export interface SignupInput {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
  dateOfBirth: string;
  phoneNumber?: string;
  companyName?: string;
  language?: string;
}

export interface ProfileInput {
  firstname: string;
  lastname: string;
  email: string;
  phoneNumber?: string | null;
  dateOfBirth?: string | null;
  companyName?: string | null;
  /** Required when the e-mail address changes. */
  currentPassword?: string;
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The same rules as the forms (spec section 5), checked again here: the browser is not trusted. */
function checkNames(input: { firstname: string; lastname: string; companyName?: string | null }) {
  if (!input.firstname.trim()) throw new AccountError(400, 'body/firstname is required');
  if (!input.lastname.trim()) throw new AccountError(400, 'body/lastname is required');
  // Invisible and direction-changing characters make a name read otherwise than it is (a greeting
  // in an e-mail, a name on a legal document): refused, as in the company file.
  for (const field of ['firstname', 'lastname', 'companyName'] as const) {
    const value = input[field];
    if (typeof value === 'string' && hasInvisibleOrBidiControls(value)) {
      throw new AccountError(
        400,
        `body/${field} contains invisible or text-direction characters`,
        'NAME_INVALID_CHARACTERS',
      );
    }
  }
}

/** NIST SP 800-63B section 5.1.1.2: long enough and not a known or guessable password. */
function checkNewPassword(field: string, password: string, context: PasswordContext) {
  const problem = passwordProblem(password, context);
  if (problem === 'PASSWORD_TOO_SHORT')
    throw new AccountError(400, `body/${field} must be at least 8 characters long`, problem);
  if (problem === 'PASSWORD_TOO_COMMON')
    throw new AccountError(400, `body/${field} is too common or too easy to guess`, problem);
}

function checkDateOfBirth(value: string | null | undefined) {
  if (!value) return;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new AccountError(400, 'body/dateOfBirth must be a real date (YYYY-MM-DD)');
  }
  if (date.getUTCFullYear() < 1900) throw new AccountError(400, 'body/dateOfBirth must be in 1900 or later');
  if (date.getTime() > Date.now()) throw new AccountError(400, 'body/dateOfBirth cannot be in the future');
}

/** PostgreSQL's unique_violation, whether the driver error comes bare or wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const emailTaken = () => new AccountError(409, 'An account already exists with this e-mail address');

export function toUserInfo(user: User) {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    isEmailVerified: user.emailVerifiedAt !== null,
    phoneNumber: user.phoneNumber,
    dateOfBirth: user.dateOfBirth,
    companyName: user.companyName,
    language: user.language as 'fr' | 'en' | 'ro',
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export function createAccountService(deps: {
  db: Database;
  sessions: SessionService;
  mailQueue: Pick<MailQueue, 'wake'>;
  rateLimiter: RateLimiter;
  limits: AccountLimits;
  publicUrl: string;
  /** The footer of every e-mail: the support address and the site. */
  mailBrand: MailBrand;
}) {
  const { db, sessions, mailQueue, rateLimiter, limits, publicUrl, mailBrand } = deps;

  async function findByEmail(email: string) {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`);
    return user ?? null;
  }

  async function findById(id: string) {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    return user ?? null;
  }

  /** Queues a verification mail (a new link; the earlier ones stop working) in the caller's transaction. */
  async function queueVerification(tx: Transaction, user: User) {
    const token = await createEmailToken(tx, user.id, 'verify_email', user.email);
    const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await enqueueMail(
      tx,
      verificationEmail(user.email, user.language, user.firstname, link, mailBrand),
      user.id,
    );
  }

  const failedPasswordKey = (userId: string) => `password-failures:${userId}`;

  /**
   * Checks a password of an account under its limit on wrong guesses (from however many addresses).
   * The attempt is counted before the (slow) check, so that a burst of parallel guesses cannot all
   * pass a count still at zero; a right password gives its attempt back.
   */
  async function passwordMatches(user: User, password: string): Promise<boolean> {
    const key = failedPasswordKey(user.id);
    const verdict = await rateLimiter.hit(key, limits.failedPasswords);
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds);
    const valid = await verifyPassword(user.passwordHash, password);
    if (valid && limits.failedPasswords.max > 0) await rateLimiter.release(key);
    return valid;
  }

  /** The account's password, for a sensitive change (e-mail, deletion). */
  async function checkCurrentPassword(user: User, password: string | undefined, missing: AccountError) {
    if (!password) throw missing;
    if (!(await passwordMatches(user, password))) {
      throw new AccountError(403, 'The current password is wrong', 'CURRENT_PASSWORD_WRONG');
    }
  }

  /**
   * A password_reset job of the mail queue: a new link for the account with this address, or null
   * when there is none. Runs in the worker, never in the request (which answers alike for every address).
   */
  async function passwordResetFor(email: string): Promise<{ message: MailMessage; userId: string } | null> {
    const user = await findByEmail(email);
    if (!user) return null;
    const token = await createEmailToken(db, user.id, 'reset_password', user.email);
    const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    return {
      message: passwordResetEmail(user.email, user.language, user.firstname, link, mailBrand),
      userId: user.id,
    };
  }

  /** Checks a sign-up and stores the account with its verification mail; throws as the rules say. */
  async function createAccount(input: SignupInput): Promise<User> {
    checkNames(input);
    if (input.password !== input.confirmPassword) throw new AccountError(400, 'Passwords do not match');
    checkNewPassword('password', input.password, input);
    checkDateOfBirth(input.dateOfBirth);
    const passwordHash = await hashPassword(input.password);
    // The account and its verification mail exist together or not at all.
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email.trim(),
          passwordHash,
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          dateOfBirth: input.dateOfBirth,
          phoneNumber: blankToNull(input.phoneNumber),
          companyName: blankToNull(input.companyName),
          language: input.language ?? 'fr',
        })
        .returning();
      if (!created) throw new Error('insert returned no user');
      await queueVerification(tx, created);
      return created;
    });
  }

  /** A fresh session: the access token for the response and the refresh token for the cookie. */
  async function startSession(userId: string) {
    const accessToken = await sessions.accessTokenFor(userId);
    if (!accessToken) throw new AccountError(401, 'Unknown user');
    return { accessToken, refreshToken: await sessions.issueRefreshToken(userId) };
  }

  return {
    findById,

    /**
     * `clientAddress`: where the request came from. Sign-up says when an address is taken (409); a
     * client that met too many taken addresses gets 429 for every sign-up until its window ends.
     * Each sign-up counts before anything is checked (so that parallel ones cannot all pass) and
     * gives its count back unless it met a taken address.
     */
    async register(input: SignupInput, clientAddress?: string) {
      const takenKey = clientAddress ? `address:signup-taken:${addressKey(clientAddress)}` : null;
      if (takenKey) {
        const verdict = await rateLimiter.hit(takenKey, limits.takenAddressesPerClient);
        if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds);
      }
      let taken = false;
      try {
        const user = await createAccount(input).catch((error: unknown) => {
          // The unique index on lower(email) is the one rule: taken already, or by a sign-up racing this one.
          if (!isUniqueViolation(error)) throw error;
          taken = true;
          throw emailTaken();
        });
        mailQueue.wake();
        return await startSession(user.id);
      } finally {
        if (takenKey && !taken) await rateLimiter.release(takenKey);
      }
    },

    async login(email: string, password: string, language?: string) {
      const user = await findByEmail(email);
      // Many wrong passwords for one account, from however many addresses: it waits a while. An unknown
      // address is checked against a decoy, so timing does not reveal accounts.
      const valid = user
        ? await passwordMatches(user, password)
        : await verifyPassword(await decoyPasswordHash(), password);
      if (!user || !valid) throw new AccountError(401, 'Invalid email or password');
      if (language && language !== user.language) {
        await db
          .update(users)
          .set({ language, updatedAt: sql`now()` })
          .where(eq(users.id, user.id));
      }
      return startSession(user.id);
    },

    async refresh(refreshToken: string) {
      const rotated = await sessions.rotateRefreshToken(refreshToken);
      if (!rotated) return null;
      const accessToken = await sessions.accessTokenFor(rotated.userId);
      if (!accessToken) return null;
      return { accessToken, refreshToken: rotated.refreshToken };
    },

    logout: (refreshToken: string) => sessions.revokeRefreshToken(refreshToken),

    async resendVerification(userId: string) {
      const user = await findById(userId);
      if (!user) throw new AccountError(401, 'Unknown user');
      if (user.emailVerifiedAt) return { message: 'Email already verified' };
      await rateLimiter.enforce(`resend-verification:${user.id}`, limits.resendsPerAccount);
      await db.transaction((tx) => queueVerification(tx, user));
      mailQueue.wake();
      return { message: 'Verification email sent' };
    },

    async verifyEmail(token: string) {
      const used = await consumeEmailToken(db, token, 'verify_email');
      if (!used) throw new AccountError(400, 'Verification link is invalid or expired');
      const [user] = await db
        .update(users)
        .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(sql`${users.id} = ${used.userId} and lower(${users.email}) = lower(${used.email})`)
        .returning();
      // The address changed since the link was sent: this link verified nothing.
      if (!user) throw new AccountError(400, 'Verification link is invalid or expired');
      return { message: 'Email verified' };
    },

    /**
     * Always the same answer in the same time, so the form does not tell who has an account: the
     * request only queues the address (one insert, whatever it is); the mail worker looks it up.
     */
    async forgotPassword(email: string) {
      const address = email.trim().toLowerCase();
      const verdict = await rateLimiter.hit(`reset-request:${address}`, limits.resetsPerAddress);
      if (verdict.allowed) {
        await enqueuePasswordReset(db, address);
        mailQueue.wake();
      }
      return { message: 'If this email exists in our system, you will receive a reset link.' };
    },

    passwordResetFor,

    async resetPassword(token: string, newPassword: string) {
      // The policy first: a refused password leaves the link usable for a better one.
      checkNewPassword('newPassword', newPassword, {});
      const passwordHash = await hashPassword(newPassword);
      const used = await consumeEmailToken(db, token, 'reset_password');
      if (!used) throw new AccountError(400, 'Reset link is invalid or expired');
      // Only for the address the link was sent to: after an e-mail change, an older link does nothing.
      const [changed] = await db
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(sql`${users.id} = ${used.userId} and lower(${users.email}) = lower(${used.email})`)
        .returning({ id: users.id });
      if (!changed) throw new AccountError(400, 'Reset link is invalid or expired');
      await sessions.revokeAllForUser(used.userId);
      return { message: 'Your password has been reset successfully. You can now log in.' };
    },

    async updateProfile(userId: string, input: ProfileInput) {
      checkNames(input);
      checkDateOfBirth(input.dateOfBirth);
      const user = await findById(userId);
      if (!user) throw new AccountError(401, 'Unknown user');
      const email = input.email.trim();
      const emailChanged = email.toLowerCase() !== user.email.toLowerCase();
      if (emailChanged) {
        // A stolen access token alone must not be enough to take the account over.
        await checkCurrentPassword(
          user,
          input.currentPassword,
          new AccountError(
            400,
            'body/currentPassword is required to change the e-mail address',
            'CURRENT_PASSWORD_REQUIRED',
          ),
        );
        // Each change mails a stranger's address: a few per account, and per address whoever asks.
        await rateLimiter.enforce(`email-change:account:${user.id}`, limits.emailChangesPerAccount);
        await rateLimiter.enforce(
          `email-change:address:${email.toLowerCase()}`,
          limits.emailChangesPerAddress,
        );
      }
      let updated: User | undefined;
      try {
        updated = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({
              firstname: input.firstname.trim(),
              lastname: input.lastname.trim(),
              email,
              phoneNumber:
                input.phoneNumber === undefined ? user.phoneNumber : blankToNull(input.phoneNumber),
              dateOfBirth: input.dateOfBirth === undefined ? user.dateOfBirth : input.dateOfBirth || null,
              companyName:
                input.companyName === undefined ? user.companyName : blankToNull(input.companyName),
              ...(emailChanged ? { emailVerifiedAt: null } : {}),
              updatedAt: sql`now()`,
            })
            .where(eq(users.id, userId))
            .returning();
          if (!row) return undefined;
          if (emailChanged) {
            // Links mailed to the old address (a reset above all) stop working.
            await tx
              .update(emailTokens)
              .set({ usedAt: sql`now()` })
              .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
            await queueVerification(tx, row);
            await enqueueMail(
              tx,
              emailChangedNotice(user.email, row.language, row.firstname, email, mailBrand),
              userId,
            );
          }
          return row;
        });
      } catch (error) {
        // The address belongs to another account (the unique index on lower(email) says so).
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      if (!updated) throw new AccountError(401, 'Unknown user');
      if (emailChanged) mailQueue.wake();
      return toUserInfo(updated);
    },

    /** GDPR article 17: asks for the password, then removes the account (services/account-data.ts). */
    checkCurrentPassword,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
