import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { BareCard } from '../../components/bare-card';
import { PATHS } from '../../lib/routes';
import { forgotPassword } from './api';
import { EmailRequestForm } from './email-request-form';

/** /forgot-password (spec part 2 §2, §4). */
export function ForgotPasswordPage() {
  return (
    <BareCard title="Forgot Password">
      <EmailRequestForm submitLabel="Continue" send={forgotPassword} />
      <Anchor component={Link} to={PATHS.login} size="sm">
        Back to sign in
      </Anchor>
    </BareCard>
  );
}
