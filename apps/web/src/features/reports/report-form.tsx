import { Button, Checkbox, Group, NativeSelect, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { isEmailAddress } from '@pluvio/shared/phone';
import {
  type DateBounds,
  feeWillBeCharged,
  type HistoricalFeeQuote,
  historicalFeeConfirmation,
  isSystemReport,
  picksLocations,
  REPORT_FORMAT_LABELS,
  REPORT_FORMATS,
  REPORT_MESSAGES,
  REPORT_TYPE_LABELS,
  type ReportDateLimits,
  type ReportFormat,
  type ReportType,
  reportDateLimits,
  reportTypeAllowed,
  reportTypesFor,
  SMS_STATUS_FILTERS,
  type SmsStatusFilter,
  submitLabel,
  weeklyFrom,
} from '@pluvio/shared/reports';
import type { TierNumber } from '@pluvio/shared/tiers';
import { type FormEvent, useState } from 'react';
import { ErrorMessage } from '../../components/form-message';
import type { PickerExtras } from '../../components/item-checklist';
import { TierNotice } from '../../components/tier-notice';
import { type Choice, ChoicePicker } from './choice-picker';
import { datesFor, emailList, isCharged, type ReportForm } from './report-request';

/** Who asks and when: what the form offers depends on it. */
export interface ReportAsker {
  isSuperuser: boolean;
  level: TierNumber;
  /** Today in the product time zone. */
  today: string;
  /** The historical report fee in dollars, once the settings have arrived. */
  fee: number | undefined;
  /** Owners, co-owners and superusers; a plain contact cannot charge the account a fee. */
  mayCharge: boolean;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A select's options: each value with its label. */
function optionsOf<V extends string>(values: readonly V[], label: (value: V) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}

const SEPARATORS = /[\s,;]+/;

function ExtraAddresses({ value, onChange }: { value: string[]; onChange: (addresses: string[]) => void }) {
  const [dropped, setDropped] = useState<string[]>([]);
  const accept = (typed: string[]) => {
    // A pasted list arrives as one value: split it as typing would.
    const addresses = typed.flatMap((value) => value.split(SEPARATORS)).filter(Boolean);
    setDropped(addresses.filter((address) => !isEmailAddress(address)));
    onChange(addresses.filter(isEmailAddress));
  };
  // The note takes the hint's one line, so the button below does not move while it is clicked.
  const note =
    dropped.length > 0 ? (
      <span role="status" style={{ color: 'var(--mantine-color-red-9)' }}>
        Not an e-mail address, left out: {dropped.join(', ')}
      </span>
    ) : (
      // Reports go to other addresses only once confirmed (Settings > Account, Report Recipients).
      'Confirmed report recipients only; press Enter or a comma after each'
    );
  return (
    <TagsInput
      label="Other e-mail addresses"
      description={note}
      value={value}
      onChange={accept}
      splitChars={[',', ' ', ';']}
      acceptValueOnBlur
      clearable
      styles={{ description: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }}
    />
  );
}

type DateField = keyof ReportDateLimits;

const DATE_LABELS: Record<DateField, string> = { month: 'Month', from: 'From date', to: 'To date' };

/** A date's change; the weekly report's To date takes its From date a week back with it. */
function dateChange(form: ReportForm, field: DateField, value: string): Partial<ReportForm> {
  if (field === 'to' && form.type === 'weekly' && value) return { to: value, from: weeklyFrom(value) };
  return { [field]: value };
}

/** The month, or the From and To dates, of the report type; each offers only the dates it may have. */
function DateFields({
  form,
  asker,
  onChange,
}: {
  form: ReportForm;
  asker: ReportAsker;
  onChange: (changes: Partial<ReportForm>) => void;
}) {
  const limits = reportDateLimits(form.type, asker.level, asker.today);
  const dateInput = (field: DateField, bounds: DateBounds) => (
    <TextInput
      type={field === 'month' ? 'month' : 'date'}
      label={DATE_LABELS[field]}
      value={form[field]}
      min={bounds.min}
      max={bounds.max}
      onChange={(event) => onChange(dateChange(form, field, event.currentTarget.value))}
    />
  );
  if (limits.month) return dateInput('month', limits.month);
  if (!limits.from || !limits.to) return null;
  return (
    <Group grow gap="sm" align="flex-start">
      {dateInput('from', limits.from)}
      {dateInput('to', limits.to)}
    </Group>
  );
}

/**
 * The historical fee, said before anything is charged (issue 26): what this request will be
 * charged, with its confirmation, or that the account already paid for the period.
 */
function HistoricalFee({
  form,
  asker: { fee, mayCharge },
  quote,
  onChange,
}: {
  form: ReportForm;
  asker: ReportAsker;
  quote: HistoricalFeeQuote | undefined;
  onChange: (changes: Partial<ReportForm>) => void;
}) {
  if (!isCharged(form)) return null;
  const due = quote?.fee ?? fee;
  return (
    <Stack gap="xs">
      <Text size="sm">{REPORT_MESSAGES.historicalFeeNote}</Text>
      {!mayCharge && <Text size="sm">{REPORT_MESSAGES.historicalManagersOnly}</Text>}
      {mayCharge && quote?.already_paid && (
        <Text size="sm" fw={600} role="status">
          {REPORT_MESSAGES.alreadyPaid}
        </Text>
      )}
      {mayCharge && !quote?.already_paid && due !== undefined && (
        <>
          <Text size="sm" fw={600} role="status">
            {feeWillBeCharged(due)}
          </Text>
          <Checkbox
            label={historicalFeeConfirmation(due)}
            checked={form.feeConfirmed}
            onChange={(event) => onChange({ feeConfirmed: event.currentTarget.checked })}
          />
        </>
      )}
    </Stack>
  );
}

/** What the picker of each choice field says. */
const CHOICE_WORDS = {
  locations: {
    label: 'Locations',
    selectAllLabel: 'Select all locations',
    placeholder: 'Choose locations',
    empty: 'No locations yet.',
  },
  recipients: {
    label: 'Email To',
    selectAllLabel: 'Select all recipients',
    placeholder: 'Choose recipients',
    empty: 'No contacts with an e-mail address yet.',
  },
};

type ChoiceField = keyof typeof CHOICE_WORDS;

/** What the locations' picker offers beyond search and select-all: stars, the add link. */
export type LocationPickerExtras = Omit<PickerExtras<Choice>, 'categoryOf'>;

/** The report's locations or recipients (`field`), chosen from `choices`. */
function ReportChoices({
  choices,
  field,
  form,
  onChange,
  extras,
}: {
  choices: readonly Choice[];
  field: ChoiceField;
  form: ReportForm;
  onChange: (changes: Partial<ReportForm>) => void;
  extras?: LocationPickerExtras;
}) {
  return (
    <ChoicePicker
      {...CHOICE_WORDS[field]}
      {...extras}
      choices={choices}
      selected={form[field]}
      onChange={(ids) => onChange({ [field]: ids })}
    />
  );
}

/** The Reports query form (part 2 §2, §4, §5). */
export function ReportFormFields({
  form,
  asker,
  locations,
  locationExtras,
  recipients,
  feeQuote,
  problem,
  onChange,
  onSubmit,
}: {
  form: ReportForm;
  asker: ReportAsker;
  locations: readonly Choice[];
  locationExtras?: LocationPickerExtras;
  recipients: readonly Choice[];
  /** What the server says a historical request would be charged now. */
  feeQuote: HistoricalFeeQuote | undefined;
  /** The validation text of the last submit. */
  problem: string | null;
  onChange: (changes: Partial<ReportForm>) => void;
  onSubmit: () => void;
}) {
  const type = form.type;
  const allowed = isSystemReport(type) || reportTypeAllowed(type, asker.level);
  const chooseType = (type: ReportType) =>
    onChange({ type, ...datesFor(type, asker.level, asker.today), feeConfirmed: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Report">
      <Stack gap="md">
        <NativeSelect
          label="Report type"
          value={form.type}
          data={optionsOf(reportTypesFor(asker.isSuperuser), (type) => REPORT_TYPE_LABELS[type])}
          onChange={(event) => chooseType(event.currentTarget.value as ReportType)}
        />
        {!allowed ? (
          <TierNotice />
        ) : (
          <>
            {form.type === 'sms' && (
              <NativeSelect
                label="Status"
                value={form.status}
                data={optionsOf(SMS_STATUS_FILTERS, capitalised)}
                onChange={(event) => onChange({ status: event.currentTarget.value as SmsStatusFilter })}
              />
            )}
            <DateFields form={form} asker={asker} onChange={onChange} />
            <NativeSelect
              label="Format"
              value={form.format}
              data={optionsOf(REPORT_FORMATS, (format) => REPORT_FORMAT_LABELS[format])}
              onChange={(event) => onChange({ format: event.currentTarget.value as ReportFormat })}
            />
            {picksLocations(type, asker.isSuperuser) && (
              <ReportChoices
                field="locations"
                choices={locations}
                form={form}
                onChange={onChange}
                extras={locationExtras}
              />
            )}
            <ReportChoices field="recipients" choices={recipients} form={form} onChange={onChange} />
            <ExtraAddresses value={form.extra} onChange={(extra) => onChange({ extra })} />
            <HistoricalFee form={form} asker={asker} quote={feeQuote} onChange={onChange} />
            {problem && <ErrorMessage>{problem}</ErrorMessage>}
            <Button type="submit">{submitLabel(form.format, emailList(form).length)}</Button>
          </>
        )}
      </Stack>
    </form>
  );
}
