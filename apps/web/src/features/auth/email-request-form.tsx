import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@pluvio/shared/messages';
import { isEmailAddress } from '@pluvio/shared/phone';
import { useState } from 'react';
import { EmailInput, SubmitButton } from '../../components/form-fields';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { failureMessage } from '../../lib/api-client';
import { DELAYS, wait } from '../../lib/delay';

/**
 * An e-mail field and a button; after sending, 'Working...' for 3 s and then the
 * check-your-email confirmation (spec part 2 §4). The answer never says whether the address
 * has an account (D15).
 */
export function EmailRequestForm({
  submitLabel,
  send,
}: {
  submitLabel: string;
  send: (email: string) => Promise<void>;
}) {
  const [state, setState] = useState<'idle' | 'working' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) => {
        if (!value.trim()) return 'Email is required.';
        return isEmailAddress(value.trim()) ? null : 'Please enter a valid email address.';
      },
    },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setState('working');
    setError(null);
    try {
      await Promise.all([send(email.trim()), wait(DELAYS.forgotPasswordConfirmation)]);
      setState('done');
    } catch (caught) {
      setError(failureMessage(caught, 'Something went wrong. Please try again.'));
      setState('idle');
    }
  });

  if (state === 'done') return <InfoMessage>{MESSAGES.checkEmail}</InfoMessage>;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <EmailInput autoComplete="email" {...form.getInputProps('email')} />
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <SubmitButton busy={state === 'working'}>{submitLabel}</SubmitButton>
      </Stack>
    </form>
  );
}
