import { Button, Container, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@pluvio/shared/messages';
import { type CurrentUser, EMAIL_CHANGE_MESSAGES, updateMeSchema } from '@pluvio/shared/users.schemas';
import { useEffect, useState } from 'react';
import { EmailInput, SubmitButton } from '../../components/form-fields';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { failureMessage } from '../../lib/api-client';
import { refreshCurrentUser, updateCurrentUser } from '../../lib/current-user';
import { validateWith } from '../../lib/form-validation';
import { useCurrentUser } from '../../lib/session';
import { cancelEmailChange, resendEmailChange } from './email-change-api';

/** The profile fields, all required (spec part 2 §5 "Others"). */
const profileSchema = updateMeSchema
  .pick({ first_name: true, last_name: true, email: true, phone: true })
  .required();

interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  current_password: string;
}

type Result = { ok: boolean; message: string } | null;

function valuesOf(user: CurrentUser | null): ProfileValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    current_password: '',
  };
}

/** A new sign-in e-mail is asked for: the address typed is not the current one. */
function changesEmail(values: ProfileValues, user: CurrentUser | null): boolean {
  return values.email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();
}

/** The current password is needed for a new e-mail, except from a superuser acting as the user. */
function needsPassword(values: ProfileValues, user: CurrentUser | null): boolean {
  return changesEmail(values, user) && !user?.impersonator;
}

const validateFields = validateWith<ProfileValues>(profileSchema);

function validateProfile(values: ProfileValues, user: CurrentUser | null): Record<string, string> {
  const errors = validateFields(values);
  if (needsPassword(values, user) && !values.current_password)
    errors.current_password = EMAIL_CHANGE_MESSAGES.passwordRequired;
  return errors;
}

async function cancelPendingEmail(): Promise<string> {
  await cancelEmailChange();
  await refreshCurrentUser();
  return EMAIL_CHANGE_MESSAGES.cancelled;
}

/** The pending change's buttons: what each does, what it says when that fails, and how it looks. */
const PENDING_EMAIL_ACTIONS = [
  {
    label: 'Resend link',
    action: resendEmailChange,
    failed: 'Could not send the link again.',
    variant: 'light',
  },
  {
    label: 'Cancel change',
    action: cancelPendingEmail,
    failed: 'Could not cancel the change.',
    variant: 'subtle',
    color: 'red',
  },
];

/** The change of sign-in e-mail waiting for its link: resend the link or cancel the change. */
function PendingEmail({ email, onResult }: { email: string; onResult: (result: Result) => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<string>, fallback: string) => {
    setBusy(true);
    onResult(null);
    try {
      onResult({ ok: true, message: await action() });
    } catch (caught) {
      onResult({ ok: false, message: failureMessage(caught, fallback) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" aria-label="Pending e-mail change" role="group">
      <Text size="sm">{EMAIL_CHANGE_MESSAGES.pending(email)}</Text>
      <Group gap="xs">
        {PENDING_EMAIL_ACTIONS.map(({ label, action, failed, ...look }) => (
          <Button key={label} size="xs" {...look} disabled={busy} onClick={() => void run(action, failed)}>
            {label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * /profile: edit first name, last name, e-mail and phone (spec part 2 §2). A new sign-in e-mail
 * takes the current password and waits for the link e-mailed to it (issue 25).
 */
export function ProfilePage() {
  const user = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(user),
    validate: (values) => validateProfile(values, user),
  });

  // The change may have been confirmed, cancelled or expired elsewhere since the user was stored.
  useEffect(() => {
    void refreshCurrentUser().catch(() => undefined);
  }, []);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setResult(null);
    try {
      const { current_password, ...fields } = values;
      const parsed = profileSchema.parse(fields);
      const asked = changesEmail(values, user);
      const updated = await updateCurrentUser({
        ...parsed,
        ...(asked && current_password && { current_password }),
      });
      form.setValues(valuesOf(updated));
      form.resetDirty(valuesOf(updated));
      const message =
        asked && updated.pending_email
          ? EMAIL_CHANGE_MESSAGES.requested(updated.pending_email)
          : MESSAGES.profileUpdated;
      setResult({ ok: true, message });
    } catch (caught) {
      setResult({ ok: false, message: failureMessage(caught, 'Could not update your profile.') });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Container size="xs" py="lg">
      <Stack>
        <Title order={1}>My Profile</Title>
        <Paper withBorder p="lg" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label="First Name"
                autoComplete="given-name"
                required
                {...form.getInputProps('first_name')}
              />
              <TextInput
                label="Last Name"
                autoComplete="family-name"
                required
                {...form.getInputProps('last_name')}
              />
              <EmailInput
                description="The address you sign in with. A new one changes once you follow the link we e-mail to it."
                autoComplete="email"
                {...form.getInputProps('email')}
              />
              {user?.pending_email && <PendingEmail email={user.pending_email} onResult={setResult} />}
              {needsPassword(form.values, user) && (
                <PasswordInput
                  label="Current Password"
                  description="Needed to change your sign-in e-mail."
                  autoComplete="current-password"
                  required
                  {...form.getInputProps('current_password')}
                />
              )}
              <TextInput
                type="tel"
                label="Phone"
                autoComplete="tel"
                required
                {...form.getInputProps('phone')}
              />
              {result?.ok && <InfoMessage>{result.message}</InfoMessage>}
              {result && !result.ok && <ErrorMessage>{result.message}</ErrorMessage>}
              <SubmitButton busy={busy}>Update Profile</SubmitButton>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
