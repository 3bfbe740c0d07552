import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BareCard } from '../../components/bare-card';
import { PATHS } from '../../lib/routes';

/** /registration-complete (spec part 2 §2 "Other onboarding pages"). */
export function RegistrationCompletePage() {
  return (
    <BareCard title="Registration Complete">
      <Text>Thank you for signing up for Pluvio.</Text>
      <Text>
        We have e-mailed you a verification link. Open it to verify your e-mail address, then sign in.
      </Text>
      <Group gap="md">
        <Anchor component={Link} to={PATHS.login}>
          Sign in
        </Anchor>
        <Anchor component={Link} to={PATHS.resendVerification}>
          Send the verification link again
        </Anchor>
      </Group>
    </BareCard>
  );
}
