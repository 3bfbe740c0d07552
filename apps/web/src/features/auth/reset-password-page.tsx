import { Anchor, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ERROR_CODES, MESSAGES } from '@pluvio/shared/messages';
import { isStrongPassword, NEW_PASSWORD_MESSAGE } from '@pluvio/shared/passwords';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BareCard } from '../../components/bare-card';
import { SubmitButton } from '../../components/form-fields';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { NewPasswordFields } from '../../components/new-password-fields';
import { ApiError, failureMessage } from '../../lib/api-client';
import { DELAYS } from '../../lib/delay';
import { PATHS } from '../../lib/routes';
import { resetPassword } from './api';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';

/** 'Your token has expired. Please request a new token by clicking here' with 'clicking here' a link. */
function ExpiredToken() {
  const linkText = 'clicking here';
  const at = MESSAGES.resetTokenExpired.lastIndexOf(linkText);
  const before = at >= 0 ? MESSAGES.resetTokenExpired.slice(0, at) : `${MESSAGES.resetTokenExpired} `;
  const after = at >= 0 ? MESSAGES.resetTokenExpired.slice(at + linkText.length) : '';
  return (
    <>
      {before}
      <Anchor component={Link} to={PATHS.forgotPassword} c="red.9" underline="always">
        {linkText}
      </Anchor>
      {after}
    </>
  );
}

/** The page as a new user invited by their account sees it: choosing a first password, not resetting one. */
const INVITATION_TEXTS = {
  title: 'Welcome to Pluvio',
  intro: 'Choose a password for your new Pluvio login.',
  submit: 'Set Password',
  done: 'Your password is set. Taking you to sign in.',
} as const;

const RESET_TEXTS = {
  title: 'Reset Password',
  intro: null,
  submit: 'Reset Password',
  done: MESSAGES.passwordResetDone,
} as const;

/** /reset-password?token= (spec part 2 §2, §4, §5, §8); `&invite=1` from a contact's invitation. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const texts = params.get('invite') === '1' ? INVITATION_TEXTS : RESET_TEXTS;
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) => (isStrongPassword(value) ? null : NEW_PASSWORD_MESSAGE),
      confirm: (value, values) => {
        if (!isStrongPassword(value)) return NEW_PASSWORD_MESSAGE;
        return value === values.password ? null : PASSWORDS_DO_NOT_MATCH;
      },
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(PATHS.login), DELAYS.passwordResetRedirect);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.onSubmit(async ({ password }) => {
    setError(null);
    if (!token) {
      setError(<ExpiredToken />);
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (caught) {
      if (caught instanceof ApiError && caught.detail === ERROR_CODES.resetPasswordBadToken) {
        setError(<ExpiredToken />);
      } else {
        setError(failureMessage(caught, 'Something went wrong. Please try again.'));
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <BareCard title={texts.title}>
      {texts.intro && !done && <Text>{texts.intro}</Text>}
      {done ? (
        <InfoMessage>{texts.done}</InfoMessage>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <NewPasswordFields
              labels={['New Password', 'Re-type Password']}
              password={form.getInputProps('password')}
              confirm={form.getInputProps('confirm')}
            />
            {error && <ErrorMessage>{error}</ErrorMessage>}
            <SubmitButton busy={busy}>{texts.submit}</SubmitButton>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={PATHS.login} size="sm">
        I remember my password
      </Anchor>
    </BareCard>
  );
}
