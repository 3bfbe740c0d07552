import { Anchor, Button, Flex, Group, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import {
  PROVISIONED_REDIRECT_MS,
  type SignupKind,
  type SignupResult,
  WIZARD_MESSAGES,
  WIZARD_NOTES,
  type WizardStep,
  wizardAsksRapidrain,
  wizardLocationError,
  wizardStepTitle,
  wizardUserError,
} from '@pluvio/shared/signup';
import { type TierName, TRIAL_TIER } from '@pluvio/shared/tiers';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BareCard } from '../../components/bare-card';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { ApiError, failureMessage } from '../../lib/api-client';
import { browserLocation } from '../../lib/browser-location';
import { refreshCurrentUser } from '../../lib/current-user';
import { oncePerKey } from '../../lib/once-per-key';
import { PAID_SIGNUP, PATHS } from '../../lib/routes';
import { setAccessToken } from '../../lib/session';
import { useLeaveWarning } from '../../lib/use-leave-warning';
import { completeSignup, type SignupBody, submitSignup } from './api';
import {
  clearDraft,
  EMPTY_DRAFT,
  type FormStep,
  kindParam,
  loadDraft,
  NO_PASSWORDS,
  type PasswordValues,
  type PersonValues,
  saveDraft,
  tierParam,
  type WizardDraft,
} from './wizard-draft';
import { LocationStep, PlanStep, UserStep } from './wizard-steps';

const WIZARD_WIDTH = 880;

/** Step 4: the account is being provisioned, is ready, or could not be finished. */
type Provisioning =
  | { state: 'working' }
  | { state: 'ready'; notice: string | null; signedIn: boolean }
  | { state: 'failed'; message: string };

type Provisioned = Extract<SignupResult, { status: 'provisioned' }>;

/**
 * The account exists: the wizard's draft goes, and with a token this browser signs in the way the
 * login screen does (token stored, user read), so '/' lands on the dashboard.
 */
async function signInWith(result: Provisioned): Promise<Provisioning> {
  clearDraft();
  if (!result.access_token) return { state: 'ready', notice: result.notice, signedIn: false };
  setAccessToken(result.access_token);
  try {
    await refreshCurrentUser();
  } catch (error) {
    // The account is there all the same; '/' then offers the sign-in.
    console.warn('Reading the new user failed', error);
  }
  return { state: 'ready', notice: result.notice, signedIn: true };
}

function completionFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return WIZARD_MESSAGES.signupNotFound;
  if (error instanceof ApiError && error.status === 409) return WIZARD_MESSAGES.paymentNotCompleted;
  return failureMessage(error, MESSAGES.tryAgain);
}

/** Back from the checkout: completes the sign-up and signs in, once however often React asks. */
const finishPaidSignup = oncePerKey(async (sessionId: string): Promise<Provisioning> => {
  try {
    const result = await completeSignup(sessionId);
    if (result.status !== 'provisioned')
      return { state: 'failed', message: WIZARD_MESSAGES.paymentNotCompleted };
    return await signInWith(result);
  } catch (error) {
    return { state: 'failed', message: completionFailure(error) };
  }
});

/** Goes to '/' a moment after the account is ready (spec part 2 §4, §9). */
function useLandingWhenReady(ready: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => navigate(PATHS.login, { replace: true }), PROVISIONED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [ready, navigate]);
}

/** Step 4, 'Almost Done'; `stepTitle` says which account when it is known. */
function AlmostDone({ stepTitle, provisioning }: { stepTitle: string | null; provisioning: Provisioning }) {
  useLandingWhenReady(provisioning.state === 'ready');
  return (
    <BareCard title={WIZARD_MESSAGES.almostDone} width={WIZARD_WIDTH}>
      {stepTitle && <Text c="dimmed">{stepTitle}</Text>}
      {provisioning.state === 'working' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{WIZARD_NOTES.provisioning}</Text>
        </Group>
      )}
      {provisioning.state === 'ready' && (
        <>
          <InfoMessage>
            {provisioning.signedIn ? WIZARD_NOTES.ready : WIZARD_MESSAGES.signedInElsewhere}
          </InfoMessage>
          {provisioning.notice && <InfoMessage>{provisioning.notice}</InfoMessage>}
        </>
      )}
      {provisioning.state === 'failed' && (
        <>
          <ErrorMessage>{provisioning.message}</ErrorMessage>
          <Group gap="md">
            <Anchor component={Link} to={PAID_SIGNUP}>
              Start again
            </Anchor>
            <Anchor component={Link} to={PATHS.login}>
              Sign in
            </Anchor>
          </Group>
        </>
      )}
    </BareCard>
  );
}

/** /wizard?session_id= (or session=): the paid sign-up comes back from its checkout. */
function CheckoutReturn({ sessionId }: { sessionId: string }) {
  const [draft] = useState(loadDraft);
  const [provisioning, setProvisioning] = useState<Provisioning>({ state: 'working' });
  useEffect(() => {
    let live = true;
    void finishPaidSignup(sessionId).then((outcome) => {
      if (live) setProvisioning(outcome);
    });
    return () => {
      live = false;
    };
  }, [sessionId]);
  const stepTitle = draft ? wizardStepTitle(4, draft.kind, draft.tier) : null;
  return <AlmostDone stepTitle={stepTitle} provisioning={provisioning} />;
}

/** The request of the whole wizard; a trial is always gold (D9), RapidRain only where it is asked. */
function signupBody(draft: WizardDraft, passwords: PasswordValues): SignupBody {
  const { person, location, kind, tier } = draft;
  return {
    email: person.email.trim(),
    password: passwords.password,
    first_name: person.first_name.trim(),
    last_name: person.last_name.trim(),
    phone: person.phone.trim(),
    terms_accepted: true,
    sms_accepted: person.sms_accepted,
    account_name: person.account_name.trim() || undefined,
    account_type: kind,
    tier: kind === 'trial' ? TRIAL_TIER : tier,
    location: {
      name: location.name.trim(),
      latitude: Number(location.latitude),
      longitude: Number(location.longitude),
      h24_threshold: location.h24_threshold,
      rapidrain_threshold: wizardAsksRapidrain(kind, tier) ? location.rapidrain_threshold : null,
    },
  };
}

/** The draft of this tab, with the kind and plan the address names (login links, pricing page). */
function startingDraft(restored: WizardDraft | null, params: URLSearchParams): WizardDraft {
  const start = restored ?? EMPTY_DRAFT;
  return {
    ...start,
    kind: kindParam(params.get('account_type')) ?? start.kind,
    tier: tierParam(params.get('tier')) ?? start.tier,
  };
}

/** Keeps the address in step with the kind and plan, so a reload or a shared link shows the same. */
function useAddressFollows(kind: SignupKind, tier: TierName) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const wanted: Record<string, string> =
      kind === 'paid' ? { account_type: kind, tier } : { account_type: kind };
    const current = Object.fromEntries(params);
    if (JSON.stringify(current) !== JSON.stringify(wanted)) setParams(wanted, { replace: true });
  }, [kind, tier, params, setParams]);
}

function WizardButtons({ step, busy, onBack }: { step: FormStep; busy: boolean; onBack: () => void }) {
  const width = { base: '100%', xs: 'auto' };
  return (
    <Flex
      direction={{ base: 'column-reverse', xs: 'row' }}
      justify={step > 1 ? 'space-between' : 'flex-end'}
      gap="sm"
    >
      {step > 1 && (
        <Button variant="default" onClick={onBack} disabled={busy} w={width}>
          Back
        </Button>
      )}
      <Button type="submit" loading={busy} w={width}>
        Next
      </Button>
    </Flex>
  );
}

/** Steps 1 to 3 of a new sign-up, then step 4 or the checkout. */
function WizardForm() {
  const [params] = useSearchParams();
  const [restored] = useState(loadDraft);
  const [draft, setDraft] = useState(() => startingDraft(restored, params));
  // Passwords are never stored, so a reload always starts again at step 1 (with a note past it).
  const [step, setStep] = useState<FormStep>(1);
  const [passwords, setPasswords] = useState(NO_PASSWORDS);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState(restored !== null);
  const [busy, setBusy] = useState(false);
  const [provisioning, setProvisioning] = useState<Provisioning | null>(null);
  const leavingForCheckout = useRef(false);
  const { kind, tier } = draft;
  const asksRapidrain = wizardAsksRapidrain(kind, tier);

  useAddressFollows(kind, tier);
  useLeaveWarning(
    typed && provisioning === null,
    useCallback(() => leavingForCheckout.current, []),
  );
  useEffect(() => {
    if (provisioning === null) saveDraft({ ...draft, step });
  }, [draft, step, provisioning]);

  const change = (update: (current: WizardDraft) => WizardDraft) => {
    setDraft(update);
    setTyped(true);
  };
  const onPerson = <K extends keyof PersonValues>(field: K, value: PersonValues[K]) =>
    change((current) => ({ ...current, person: { ...current.person, [field]: value } }));
  const onPassword = <K extends keyof PasswordValues>(field: K, value: PasswordValues[K]) => {
    setPasswords((current) => ({ ...current, [field]: value }));
    setTyped(true);
  };
  const onLocation = <K extends keyof WizardDraft['location']>(field: K, value: WizardDraft['location'][K]) =>
    change((current) => ({ ...current, location: { ...current.location, [field]: value } }));

  const goTo = (next: FormStep) => {
    setError(null);
    setStep(next);
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    if (kind === 'trial') setProvisioning({ state: 'working' });
    try {
      const result = await submitSignup(signupBody(draft, passwords));
      if (result.status === 'checkout') {
        leavingForCheckout.current = true;
        browserLocation.assign(result.checkout_url);
        return;
      }
      setProvisioning(await signInWith(result));
    } catch (caught) {
      const message = failureMessage(caught, MESSAGES.tryAgain);
      setProvisioning(null);
      setBusy(false);
      // A taken address is fixed in step 1; anything else where the user pressed Next.
      if (message === WIZARD_MESSAGES.emailTaken) setStep(1);
      setError(message);
    }
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (step === 1) {
      const problem = wizardUserError({ ...draft.person, ...passwords });
      if (problem) setError(problem);
      else goTo(2);
    } else if (step === 2) {
      goTo(3);
    } else {
      const problem = wizardLocationError(draft.location, asksRapidrain);
      if (problem) setError(problem);
      else void submit();
    }
  };

  if (provisioning) {
    return <AlmostDone stepTitle={wizardStepTitle(4, kind, tier)} provisioning={provisioning} />;
  }
  return (
    <BareCard title={wizardStepTitle(step as WizardStep, kind, tier)} width={WIZARD_WIDTH}>
      {restored && restored.step > 1 && step === 1 && (
        <InfoMessage>{WIZARD_NOTES.passwordsNotKept}</InfoMessage>
      )}
      <form onSubmit={next} noValidate>
        <Stack gap="md">
          {step === 1 && (
            <UserStep
              person={draft.person}
              passwords={passwords}
              onPerson={onPerson}
              onPassword={onPassword}
            />
          )}
          {step === 2 && (
            <PlanStep
              kind={kind}
              tier={tier}
              onKind={(value) => change((current) => ({ ...current, kind: value }))}
              onTier={(value) => change((current) => ({ ...current, tier: value }))}
            />
          )}
          {step === 3 && (
            <LocationStep location={draft.location} asksRapidrain={asksRapidrain} onLocation={onLocation} />
          )}
          {step === 3 && kind === 'paid' && <Text size="sm">{WIZARD_NOTES.checkoutNext}</Text>}
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <WizardButtons step={step} busy={busy} onBack={() => goTo((step - 1) as FormStep)} />
        </Stack>
      </form>
    </BareCard>
  );
}

/** /wizard (spec part 2 §2 "Registration wizard", §4 "Wizard"). */
export function WizardPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? params.get('session');
  return sessionId ? <CheckoutReturn sessionId={sessionId} /> : <WizardForm />;
}
