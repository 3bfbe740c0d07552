import { PasswordInput, type PasswordInputProps } from '@mantine/core';

type FieldProps = Omit<PasswordInputProps, 'label' | 'autoComplete' | 'required'>;

/** A new password's two boxes: the password, and the same again (`confirm`) to catch a typo. */
export function NewPasswordFields({
  labels: [passwordLabel, confirmLabel],
  password,
  confirm,
}: {
  labels: readonly [string, string];
  password: FieldProps;
  confirm: FieldProps;
}) {
  return (
    <>
      <PasswordInput label={passwordLabel} autoComplete="new-password" required {...password} />
      <PasswordInput label={confirmLabel} autoComplete="new-password" required {...confirm} />
    </>
  );
}
