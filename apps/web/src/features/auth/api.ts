import { accessTokenSchema } from '@pluvio/shared/auth.schemas';
import { apiRequest } from '../../lib/api-client';

/** POST /auth/jwt/login, form-encoded; the access token or null when the answer has none. */
export async function login(email: string, password: string): Promise<string | null> {
  const body = await apiRequest('/auth/jwt/login', {
    method: 'POST',
    form: { username: email, password },
    refreshOn401: false,
  });
  const parsed = accessTokenSchema.safeParse(body);
  return parsed.success && parsed.data.access_token ? parsed.data.access_token : null;
}

/** POST /auth/forgot-password: always 202, whether or not the address has an account (D15). */
export async function forgotPassword(email: string): Promise<void> {
  await apiRequest('/auth/forgot-password', { method: 'POST', json: { email }, refreshOn401: false });
}

/** POST /auth/reset-password. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await apiRequest('/auth/reset-password', {
    method: 'POST',
    json: { token, password },
    refreshOn401: false,
  });
}

/** POST /auth/request-verify-token: e-mails a new verification link. */
export async function requestVerifyToken(email: string): Promise<void> {
  await apiRequest('/auth/request-verify-token', { method: 'POST', json: { email }, refreshOn401: false });
}

/** POST /auth/verify. */
export async function verifyEmail(token: string): Promise<void> {
  await apiRequest('/auth/verify', { method: 'POST', json: { token }, refreshOn401: false });
}
