import { Anchor, Box, Group, List, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { landingAfterLogin } from '@pluvio/shared/landing';
import { ERROR_CODES, MESSAGES } from '@pluvio/shared/messages';
import { NEXT_PARAM, safeReturnPath } from '@pluvio/shared/return-path';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { BareCard } from '../../components/bare-card';
import { NationalForecastPanel } from '../../components/forecast/forecast-panel';
import { EmailInput, SubmitButton } from '../../components/form-fields';
import { ErrorMessage } from '../../components/form-message';
import { ApiError } from '../../lib/api-client';
import { fetchCurrentUser, signOutQuietly } from '../../lib/current-user';
import { PAID_SIGNUP, PATHS, TRIAL_SIGNUP } from '../../lib/routes';
import { clearSession, setAccessToken, setUser, useCurrentUser } from '../../lib/session';
import { login } from './api';
import { SignInHourlyFigure } from './sign-in-hours';

function BadCredentials() {
  return (
    <>
      {MESSAGES.loginBadCredentials}.{' '}
      <Anchor component={Link} to={PATHS.forgotPassword} c="red.9" underline="always">
        Reset your password
      </Anchor>{' '}
      or{' '}
      <Anchor component={Link} to={TRIAL_SIGNUP} c="red.9" underline="always">
        create a trial account
      </Anchor>
      .
    </>
  );
}

function loginError(error: unknown): ReactNode {
  if (error instanceof ApiError) {
    if (error.detail === ERROR_CODES.loginBadCredentials) return <BadCredentials />;
    return error.message;
  }
  return MESSAGES.loginFailed;
}

/**
 * The sign-in screen (spec part 1 §2 "Login screen", "Landing after login"). A user who is
 * signed in already (a new account from the wizard, another tab) goes on to their landing page,
 * or to the page `?next=` names (where a signed-out visitor was going).
 */
export function LoginPage() {
  const user = useCurrentUser();
  const next = useNextPath();
  const landing = user ? landingAfterLogin(user) : null;
  if (landing && 'path' in landing) return <Navigate to={next ?? landing.path} replace />;
  return <LoginScreen next={next} />;
}

/** `?next=`: the page a signed-out visitor asked for, when it is a page of this site. */
function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(NEXT_PARAM));
}

function LoginScreen({ next }: { next: string | null }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : 'Email is required.'),
      password: (value) => (value ? null : 'Password is required.'),
    },
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await loginAndLand(email.trim(), password);
      if (outcome.error !== undefined) setError(outcome.error);
      else navigate(next ?? outcome.path);
    } catch (caught) {
      clearSession();
      setError(loginError(caught));
    } finally {
      setBusy(false);
    }
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Box>
        <BareCard title="Sign In">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <EmailInput autoComplete="username" {...form.getInputProps('email')} />
              <PasswordInput
                label="Password"
                placeholder="At least 8 characters"
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              {error && <ErrorMessage>{error}</ErrorMessage>}
              <SubmitButton busy={busy}>Login</SubmitButton>
              <Anchor component={Link} to={PATHS.forgotPassword} size="sm">
                I forgot my password
              </Anchor>
              <Group gap="md">
                <Anchor component={Link} to={TRIAL_SIGNUP} size="sm">
                  Create Trial Account
                </Anchor>
                <Anchor component={Link} to={PAID_SIGNUP} size="sm">
                  Create Paid Account
                </Anchor>
              </Group>
            </Stack>
          </form>
        </BareCard>
      </Box>
      <Stack id="login-forecast" bg="blue.0" p={{ base: 'lg', md: 48 }} gap="xl" miw={0}>
        <ProductSummary />
        <SignInHourlyFigure />
        <NationalForecastPanel />
      </Stack>
    </SimpleGrid>
  );
}

/** What Pluvio does, beside the sign-in form. */
function ProductSummary() {
  return (
    <Stack gap="md" maw={480}>
      <Title order={2} c="blue.9">
        Rainfall at every one of your sites
      </Title>
      <List spacing="sm">
        <List.Item>Hourly, 15-minute and 24-hour rainfall on a map, in charts and tables.</List.Item>
        <List.Item>
          Alerts by e-mail and text when rain passes your thresholds or NOAA Atlas 14 values.
        </List.Item>
        <List.Item>A daily report at 6 am and reports on demand for inspections and records.</List.Item>
      </List>
    </Stack>
  );
}

/** Signs in, reads the user and decides where they land; a refused landing signs out again. */
async function loginAndLand(
  email: string,
  password: string,
): Promise<{ path: string; error?: undefined } | { error: string; path?: undefined }> {
  const token = await login(email, password);
  if (!token) return { error: MESSAGES.loginNoToken };
  setAccessToken(token);
  const user = await fetchCurrentUser();
  const landing = landingAfterLogin(user);
  if ('error' in landing) {
    await signOutQuietly();
    return { error: landing.error };
  }
  setUser(user);
  return { path: landing.path };
}
