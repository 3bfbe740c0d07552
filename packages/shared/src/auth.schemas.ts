import { z } from 'zod';
import {
  INPUT_MESSAGES,
  registrationPhoneSchema,
  requiredTextSchema,
  secretSchema,
  TEXT_LIMITS,
  textSchema,
} from './inputs';
import { isStrongPassword, NEW_PASSWORD_MESSAGE, PASSWORD_MESSAGE } from './passwords';

export const emailSchema = textSchema(TEXT_LIMITS.email)
  .toLowerCase()
  .pipe(z.email({ message: INPUT_MESSAGES.email }));

/** A password as typed to prove who one is: its length is checked, not its strength. */
export const typedPasswordSchema = secretSchema(TEXT_LIMITS.password);
export const passwordSchema = typedPasswordSchema.refine(isStrongPassword, { message: PASSWORD_MESSAGE });
export const newPasswordSchema = typedPasswordSchema.refine(isStrongPassword, {
  message: NEW_PASSWORD_MESSAGE,
});

/** POST /auth/jwt/login, form-encoded. */
export const loginFormSchema = z.object({
  username: textSchema(TEXT_LIMITS.email).min(1),
  password: typedPasswordSchema,
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
  first_name: requiredTextSchema('First name is required.'),
  last_name: requiredTextSchema('Second name is required.'),
  phone: registrationPhoneSchema('Phone number is required.'),
  role: textSchema(TEXT_LIMITS.name).optional(),
  is_verified: z.boolean().optional(),
  agree_to_terms: z.boolean().default(false),
  agree_to_privacy_policy: z.boolean().default(false),
});
export type RegisterInput = z.infer<typeof registerSchema>;

const addressSchema = textSchema(TEXT_LIMITS.email).min(1);
/** The token of a link e-mailed to the user (password reset, verification, e-mail change). */
export const linkTokenSchema = secretSchema(TEXT_LIMITS.token);

export const forgotPasswordSchema = z.object({ email: addressSchema });
export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export const requestVerifySchema = z.object({ email: addressSchema });
export const verifySchema = z.object({ token: linkTokenSchema });
