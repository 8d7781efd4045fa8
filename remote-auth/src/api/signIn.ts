// What pressing "Sign in" needs: the contract check and the call. Loaded apart from the sign-in page (it
// brings zod and the contracts), when the visitor heads for the form, and at the latest on submit.
import { fieldErrors } from '@oncodesk/shared';
import { SignInRequest } from '@oncodesk/shared/contracts';
import { authApi } from './auth';

export function checkSignIn(credentials: { email: string; password: string }): Record<string, string> {
  return fieldErrors(SignInRequest, credentials);
}

export const signIn = authApi.signIn;
