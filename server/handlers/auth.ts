/** Operations tagged `auth`: register, login, getJwtToken, logout, forgotPassword, resetPassword, verifyEmail. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountService } from '../services/accounts';
import { REFRESH_TOKEN_TTL_SECONDS } from '../services/sessions';
import type { BodyOf, Handler } from './types';

export const REFRESH_COOKIE = 'refresh_token';
/**
 * Says "this browser holds a session" to the app, which cannot read the httpOnly refresh cookie: with
 * no hint, a visitor's page asks for no token (no request, no 401 in the console). Holds no secret.
 */
export const SESSION_HINT_COOKIE = 'kreo_session';
// Scoped to the auth endpoints: the refresh token never travels with other requests.
const COOKIE_PATH = '/api/auth';

/** Ends the browser's session cookies (logout, an ended session, a deleted account). */
export function refreshCookieClearer(cookieSecure: boolean) {
  return (reply: FastifyReply) =>
    reply
      .clearCookie(REFRESH_COOKIE, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure,
      })
      .clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: cookieSecure });
}

/**
 * Starts the browser's session: the refresh cookie and its hint (the API's login and sign-up, and the
 * pages' forms that post without JavaScript).
 */
export function refreshCookieSetter(cookieSecure: boolean) {
  return (reply: FastifyReply, token: string) =>
    reply
      .setCookie(REFRESH_COOKIE, token, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure,
        maxAge: REFRESH_TOKEN_TTL_SECONDS,
      })
      .setCookie(SESSION_HINT_COOKIE, '1', {
        path: '/',
        sameSite: 'lax',
        secure: cookieSecure,
        maxAge: REFRESH_TOKEN_TTL_SECONDS,
      });
}

export function authHandlers(accounts: AccountService, cookieSecure: boolean) {
  const setRefreshCookie = refreshCookieSetter(cookieSecure);
  const clearRefreshCookie = refreshCookieClearer(cookieSecure);
  const refreshCookieOf = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE] ?? '';

  const register: Handler<BodyOf<'/api/auth/register', 'post'>> = async (request, reply) => {
    const session = await accounts.register(request.body, request.ip);
    setRefreshCookie(reply, session.refreshToken);
    return { accessToken: session.accessToken };
  };

  const login: Handler<BodyOf<'/api/auth/login', 'post'>> = async (request, reply) => {
    const { email, password, language } = request.body;
    const session = await accounts.login(email, password, language);
    setRefreshCookie(reply, session.refreshToken);
    return { accessToken: session.accessToken };
  };

  const getJwtToken: Handler = async (request, reply) => {
    const session = await accounts.refresh(refreshCookieOf(request));
    if (!session) {
      clearRefreshCookie(reply);
      return reply
        .code(401)
        .send({ message: 'Your session has ended, please log in again', error: 'Unauthorized' });
    }
    setRefreshCookie(reply, session.refreshToken);
    return { accessToken: session.accessToken };
  };

  const logout: Handler = async (request, reply) => {
    await accounts.logout(refreshCookieOf(request));
    clearRefreshCookie(reply);
    return { message: 'Logged out' };
  };

  const forgotPassword: Handler<BodyOf<'/api/auth/forgot-password', 'post'>> = (request) =>
    accounts.forgotPassword(request.body.email);

  const resetPassword: Handler<BodyOf<'/api/auth/reset-password', 'post'>> = (request) =>
    accounts.resetPassword(request.body.token, request.body.newPassword);

  const verifyEmail: Handler<BodyOf<'/api/auth/verify-email', 'post'>> = (request) =>
    accounts.verifyEmail(request.body.token);

  return { register, login, getJwtToken, logout, forgotPassword, resetPassword, verifyEmail };
}
