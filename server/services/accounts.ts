/**
 * Accounts: sign-up, login, e-mail verification, password reset and profile. Handlers stay thin;
 * the rules live here.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import { consumeEmailToken, createEmailToken } from './email-tokens';
import type { Mailer } from './mail/mailer';
import { passwordResetEmail, verificationEmail, type MailBrand } from './mail/messages';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { SessionService } from './sessions';

export class AccountError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

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
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The same rules as the forms (spec section 5), checked again here: the browser is not trusted. */
function checkNames(input: { firstname: string; lastname: string }) {
  if (!input.firstname.trim()) throw new AccountError(400, 'body/firstname is required');
  if (!input.lastname.trim()) throw new AccountError(400, 'body/lastname is required');
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

export function createAccountService(deps: {
  db: Database;
  sessions: SessionService;
  mailer: Mailer;
  publicUrl: string;
  /** The footer of every e-mail: the support address and the site. */
  mailBrand: MailBrand;
}) {
  const { db, sessions, mailer, publicUrl, mailBrand } = deps;

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

  async function sendVerification(user: User) {
    const token = await createEmailToken(db, user.id, 'verify_email', user.email);
    const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await mailer.send(verificationEmail(user.email, user.language, user.firstname, link, mailBrand));
  }

  /** A fresh session: the access token for the response and the refresh token for the cookie. */
  async function startSession(userId: string) {
    const accessToken = await sessions.accessTokenFor(userId);
    if (!accessToken) throw new AccountError(401, 'Unknown user');
    return { accessToken, refreshToken: await sessions.issueRefreshToken(userId) };
  }

  return {
    findById,

    async register(input: SignupInput) {
      checkNames(input);
      if (input.password !== input.confirmPassword) throw new AccountError(400, 'Passwords do not match');
      checkDateOfBirth(input.dateOfBirth);
      let user: User | undefined;
      try {
        [user] = await db
          .insert(users)
          .values({
            email: input.email.trim(),
            passwordHash: await hashPassword(input.password),
            firstname: input.firstname.trim(),
            lastname: input.lastname.trim(),
            dateOfBirth: input.dateOfBirth,
            phoneNumber: blankToNull(input.phoneNumber),
            companyName: blankToNull(input.companyName),
            language: input.language ?? 'fr',
          })
          .returning();
      } catch (error) {
        // The unique index on lower(email) is the one rule: taken already, or by a sign-up racing this one.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      if (!user) throw new Error('insert returned no user');
      await sendVerification(user);
      return startSession(user.id);
    },

    async login(email: string, password: string, language?: string) {
      const user = await findByEmail(email);
      // Verify against a decoy when the address is unknown, so timing does not reveal accounts.
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
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
      await sendVerification(user);
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

    /** Always the same answer, so the form does not tell who has an account. */
    async forgotPassword(email: string) {
      const user = await findByEmail(email);
      if (user) {
        const token = await createEmailToken(db, user.id, 'reset_password', user.email);
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetEmail(user.email, user.language, user.firstname, link, mailBrand));
      }
      return { message: 'If this email exists in our system, you will receive a reset link.' };
    },

    async resetPassword(token: string, newPassword: string) {
      const used = await consumeEmailToken(db, token, 'reset_password');
      if (!used) throw new AccountError(400, 'Reset link is invalid or expired');
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: sql`now()` })
        .where(eq(users.id, used.userId));
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
      let updated: User | undefined;
      try {
        [updated] = await db
          .update(users)
          .set({
            firstname: input.firstname.trim(),
            lastname: input.lastname.trim(),
            email,
            phoneNumber: input.phoneNumber === undefined ? user.phoneNumber : blankToNull(input.phoneNumber),
            dateOfBirth: input.dateOfBirth === undefined ? user.dateOfBirth : input.dateOfBirth || null,
            companyName: input.companyName === undefined ? user.companyName : blankToNull(input.companyName),
            ...(emailChanged ? { emailVerifiedAt: null } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, userId))
          .returning();
      } catch (error) {
        // The address belongs to another account (the unique index on lower(email) says so).
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      if (!updated) throw new AccountError(401, 'Unknown user');
      if (emailChanged) await sendVerification(updated);
      return toUserInfo(updated);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
