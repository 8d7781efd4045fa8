import {
  AuthResponse,
  EmailExistsResponse,
  SessionsResponse,
  VerifyEmailResponse,
  WalletNonceResponse,
  type SignInRequest,
  type SignUpRequest,
  type WalletSignInRequest,
} from '../contracts/auth';
import { Credits, PlanRequest, PlanRequestsResponse, PlansResponse, type CreatePlanRequest } from '../contracts/plans';
import { User, type UserPatchRequest } from '../contracts/user';
import { apiClient } from '@oncodesk/shared';
import { googleSignInPath } from '@oncodesk/shared';

/** Typed API references, one group per server domain (Backstage-style): apps call these, never raw URLs. */
export const authApi = {
  signUp: (body: SignUpRequest) => apiClient.post('/auth/signup', body, AuthResponse),
  // A 401 here means wrong credentials, not an expired session.
  signIn: (body: SignInRequest) => apiClient.post('/auth/signin', body, AuthResponse, { allowUnauthorized: true }),
  emailExists: (email: string) => apiClient.get(`/email/exists/${encodeURIComponent(email)}`, EmailExistsResponse),
  verifyEmail: (token: string) => apiClient.post('/auth/verify-email', { token }, VerifyEmailResponse),
  resendVerification: (email: string) => apiClient.post('/auth/verify-email/resend', { email }, null),
  recover: (email: string) => apiClient.post('/auth/recover', { email }, null),
  resetPassword: (token: string, password: string) => apiClient.post('/auth/reset-password', { token, password }, null),
  walletNonce: () => apiClient.get('/auth/wallet/nonce', WalletNonceResponse),
  walletSignIn: (body: WalletSignInRequest) => apiClient.post('/auth/wallet/signin', body, AuthResponse, { allowUnauthorized: true }),
  /** Exchanges the one-time code of an external sign-in (/auth#code=...) for the session; 401: used or expired. */
  exchangeSigninCode: (code: string) => apiClient.post('/auth/signin-code', { code }, AuthResponse, { allowUnauthorized: true }),
  /** Full URL that starts Google sign-in (a browser navigation, not a fetch). */
  googleStartUrl: () => apiClient.url(googleSignInPath),
  /** Ends this session on the server (its token stops working at once). A 401 means it already ended. */
  signOut: () => apiClient.post('/auth/signout', {}, null, { allowUnauthorized: true }),
  /** Ends every session of the account, or every other one. */
  signOutAll: (keepCurrent: boolean) => apiClient.post('/auth/signout-all', { keepCurrent }, null),
  sessions: () => apiClient.get('/auth/sessions', SessionsResponse),
  endSession: (id: string) => apiClient.delete(`/auth/sessions/${encodeURIComponent(id)}`, null),
};

export const usersApi = {
  me: () => apiClient.get('/user', User),
  patch: (ops: UserPatchRequest) => apiClient.patch('/user', ops, User),
  /** Deletes the account and everything it owns. */
  remove: () => apiClient.delete('/user', null),
};

export const plansApi = {
  list: () => apiClient.get('/plans', PlansResponse),
  /** The signed-in user's credits this period. */
  credits: () => apiClient.get('/plans/credits', Credits),
  /** Stores an upgrade or call request for the team (beta: no payment). */
  request: (body: CreatePlanRequest) => apiClient.post('/plans/requests', body, PlanRequest),
  requests: () => apiClient.get('/plans/requests', PlanRequestsResponse),
};
