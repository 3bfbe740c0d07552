/** The password rule of spec part 2 §5. */

export const PASSWORD_MIN_LENGTH = 8;

const PASSWORD_RULE_TAIL =
  'must contain at least one capital letter, one digit, one special character and the password must be at least 8 characters long';

export const PASSWORD_MESSAGE = `Password ${PASSWORD_RULE_TAIL}`;
export const NEW_PASSWORD_MESSAGE = `The new password ${PASSWORD_RULE_TAIL}`;

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}
