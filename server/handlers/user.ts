/** Operations tagged `user`: getUserInfo, updateProfile, resendVerificationEmail. */
import { AccountError, toUserInfo, type AccountService } from '../services/accounts';
import { currentUserId, type BodyOf, type Handler } from './types';

export function userHandlers(accounts: AccountService) {
  const getUserInfo: Handler = async (request) => {
    const user = await accounts.findById(currentUserId(request));
    if (!user) throw new AccountError(401, 'Unknown user');
    return toUserInfo(user);
  };

  const updateProfile: Handler<BodyOf<'/api/user/update-profile', 'post'>> = (request) =>
    accounts.updateProfile(currentUserId(request), request.body);

  const resendVerificationEmail: Handler = (request) => accounts.resendVerification(currentUserId(request));

  return { getUserInfo, updateProfile, resendVerificationEmail };
}
