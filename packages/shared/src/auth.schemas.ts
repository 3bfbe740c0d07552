import { z } from 'zod';
import { isStrongPassword, NEW_PASSWORD_MESSAGE, PASSWORD_MESSAGE } from './passwords';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address.' }));

export const passwordSchema = z.string().refine(isStrongPassword, { message: PASSWORD_MESSAGE });
export const newPasswordSchema = z.string().refine(isStrongPassword, { message: NEW_PASSWORD_MESSAGE });

/** POST /auth/jwt/login, form-encoded. */
export const loginFormSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const accessTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const tokenSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenSchema>;

/** POST /auth/register (spec part 2 §7). Role and verification are decided by the server. */
export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  first_name: z.string().trim().min(1, 'First name is required.'),
  last_name: z.string().trim().min(1, 'Second name is required.'),
  phone: z.string().trim().min(1, 'Phone number is required.'),
  role: z.string().optional(),
  is_verified: z.boolean().optional(),
  agree_to_terms: z.boolean().default(false),
  agree_to_privacy_policy: z.boolean().default(false),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: z.string().trim().min(1) });
export const resetPasswordSchema = z.object({ token: z.string().min(1), password: newPasswordSchema });
export const requestVerifySchema = z.object({ email: z.string().trim().min(1) });
export const verifySchema = z.object({ token: z.string().min(1) });
