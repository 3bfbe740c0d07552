import { Button, Container, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@pluvio/shared/messages';
import { type CurrentUser, updateMeSchema } from '@pluvio/shared/users.schemas';
import { useState } from 'react';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { failureMessage } from '../../lib/api-client';
import { updateCurrentUser } from '../../lib/current-user';
import { useCurrentUser } from '../../lib/session';

/** The profile fields, all required (spec part 2 §5 "Others"). */
const profileSchema = updateMeSchema
  .pick({ first_name: true, last_name: true, email: true, phone: true })
  .required();

interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

function valuesOf(user: CurrentUser | null): ProfileValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
  };
}

function validateProfile(values: ProfileValues): Record<string, string> {
  const parsed = profileSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** /profile: edit first name, last name, e-mail and phone (spec part 2 §2). */
export function ProfilePage() {
  const user = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<ProfileValues>({ initialValues: valuesOf(user), validate: validateProfile });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setResult(null);
    try {
      const parsed = profileSchema.parse(values);
      const updated = await updateCurrentUser(parsed);
      form.setValues(valuesOf(updated));
      form.resetDirty(valuesOf(updated));
      setResult({ ok: true, message: MESSAGES.profileUpdated });
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
              <TextInput
                type="email"
                label="Email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <TextInput
                type="tel"
                label="Phone"
                autoComplete="tel"
                required
                {...form.getInputProps('phone')}
              />
              {result?.ok && <InfoMessage>{result.message}</InfoMessage>}
              {result && !result.ok && <ErrorMessage>{result.message}</ErrorMessage>}
              <Button type="submit" disabled={busy}>
                {busy ? MESSAGES.working : 'Update Profile'}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
