import { AuthResponse, EmailExistsResponse, type SignInRequest, type SignUpRequest } from '../contracts/auth';
import { User, type UserPatchRequest } from '../contracts/user';
import { apiClient } from './client';

/** Typed API references, one group per server domain (Backstage-style): apps call these, never raw URLs. */
export const authApi = {
  signUp: (body: SignUpRequest) => apiClient.post('/auth/signup', body, AuthResponse),
  // A 401 here means wrong credentials, not an expired session.
  signIn: (body: SignInRequest) => apiClient.post('/auth/signin', body, AuthResponse, { allowUnauthorized: true }),
  emailExists: (email: string) => apiClient.get(`/email/exists/${encodeURIComponent(email)}`, EmailExistsResponse),
};

export const usersApi = {
  me: () => apiClient.get('/user', User),
  patch: (ops: UserPatchRequest) => apiClient.patch('/user', ops, User),
};
