import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BareCard } from '../../components/bare-card';
import { PATHS } from '../../lib/routes';
import { requestVerifyToken } from './api';
import { EmailRequestForm } from './email-request-form';

/** /resend-verification: e-mails a new verification link. */
export function ResendVerificationPage() {
  return (
    <BareCard title="Resend Verification Link">
      <Text>Enter the e-mail address you signed up with and we will send you a new verification link.</Text>
      <EmailRequestForm submitLabel="Send Verification Link" send={requestVerifyToken} />
      <Anchor component={Link} to={PATHS.login} size="sm">
        Back to sign in
      </Anchor>
    </BareCard>
  );
}
