/** Operations tagged `user`: getUserInfo, updateProfile, resendVerificationEmail, exportUserData, deleteAccount. */
import type { FastifyReply } from 'fastify';
import type { AccountDataService } from '../services/account-data';
import { AccountError, toUserInfo, type AccountService } from '../services/accounts';
import { currentUserId, type BodyOf, type Handler } from './types';

export function userHandlers(
  accounts: AccountService,
  accountData: AccountDataService,
  clearRefreshCookie: (reply: FastifyReply) => void,
) {
  const getUserInfo: Handler = async (request) => {
    const user = await accounts.findById(currentUserId(request));
    if (!user) throw new AccountError(401, 'Unknown user');
    return toUserInfo(user);
  };

  const updateProfile: Handler<BodyOf<'/api/user/update-profile', 'post'>> = (request) =>
    accounts.updateProfile(currentUserId(request), request.body);

  const resendVerificationEmail: Handler = (request) => accounts.resendVerification(currentUserId(request));

  const exportUserData: Handler = async (request, reply) => {
    const data = await accountData.exportFor(currentUserId(request));
    const day = data.exportedAt.slice(0, 10);
    reply.header('content-disposition', `attachment; filename="kreo-my-data-${day}.json"`);
    return data;
  };

  const deleteAccount: Handler<BodyOf<'/api/user/delete-account', 'post'>> = async (request, reply) => {
    const result = await accountData.deleteAccount(currentUserId(request), request.body.password);
    clearRefreshCookie(reply);
    return result;
  };

  return { getUserInfo, updateProfile, resendVerificationEmail, exportUserData, deleteAccount };
}
