import {
  ActionIcon,
  Autocomplete,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Input,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import {
  INSPECTION_LIMITS,
  type Inspection,
  type InspectionCreate,
  inspectionCreateSchema,
} from '@pluvio/shared/inspections';
import { MESSAGES } from '@pluvio/shared/messages';
import { instantOfWallClock, wallClockAt, zoneNameAt } from '@pluvio/shared/storm-event-views';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { SubmitButton } from '../../components/form-fields';
import { ErrorMessage } from '../../components/form-message';
import { failureMessage } from '../../lib/api-client';
import { fieldPathErrors, pathErrors } from '../../lib/form-validation';
import { useIsMobile } from '../../lib/use-is-mobile';
import { type PhotoChoice, PhotoField } from './inspection-photos';
import { type InspectionSave, type InspectionTarget, useSaveInspection } from './inspections-api';

interface BmpRow {
  key: string;
  name: string;
}

interface ActionRow {
  key: string;
  id: number | null;
  description: string;
  due_on: string;
  completed: boolean;
}

interface InspectionValues {
  date: string;
  time: string;
  bmps: BmpRow[];
  findings: string;
  notes: string;
  corrective_actions: ActionRow[];
}

type InspectionForm = UseFormReturnType<InspectionValues>;

const bmpRow = (name = ''): BmpRow => ({ key: randomId(), name });

const actionRow = (action?: Inspection['corrective_actions'][number]): ActionRow => ({
  key: randomId(),
  id: action?.id ?? null,
  description: action?.description ?? '',
  due_on: action?.due_on ?? '',
  completed: Boolean(action?.completed_at),
});

/** A new inspection starts now with one empty BMP row; an edited one with what it recorded. */
function valuesOf(inspection: Inspection | null, timeZone: string): InspectionValues {
  if (!inspection) {
    return {
      ...wallClockAt(new Date(), timeZone),
      bmps: [bmpRow()],
      findings: '',
      notes: '',
      corrective_actions: [],
    };
  }
  return {
    ...wallClockAt(inspection.inspected_at, timeZone),
    bmps: inspection.bmps.length > 0 ? inspection.bmps.map(bmpRow) : [bmpRow()],
    findings: inspection.findings,
    notes: inspection.notes,
    corrective_actions: inspection.corrective_actions.map(actionRow),
  };
}

/** What the API is sent: the time with its offset, the BMPs named (blank rows left out), kept actions with their ids. */
function bodyOf(values: InspectionValues, timeZone: string): InspectionCreate {
  return {
    inspected_at: instantOfWallClock(values, timeZone),
    bmps: values.bmps.map((row) => row.name.trim()).filter(Boolean),
    findings: values.findings,
    notes: values.notes,
    corrective_actions: values.corrective_actions.map(({ id, description, due_on, completed }) => ({
      ...(id === null ? {} : { id }),
      description,
      due_on: due_on || null,
      completed,
    })),
  };
}

/** The body's errors on the form's fields: a BMP's on the BMP list (blank rows are not sent, so indexes differ). */
function formErrorsOf(bodyErrors: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(bodyErrors)) {
    const field = path.startsWith('bmps') ? 'bmps' : path;
    errors[field] ??= message;
  }
  return errors;
}

/** A list of rows under a legend that reads as the form's other labels, then its error and its Add button. */
function ListFieldset({
  legend,
  error,
  addLabel,
  onAdd,
  children,
}: {
  legend: string;
  error: ReactNode;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <Fieldset
      legend={<Input.Label component="span">{legend}</Input.Label>}
      variant="unstyled"
      p={0}
      m={0}
      styles={{ legend: { padding: 0 } }}
    >
      <Stack gap="xs">
        {children}
        {error && (
          <Text size="sm" c="red.8">
            {error}
          </Text>
        )}
        <Button variant="light" size="compact-sm" w="fit-content" onClick={onAdd}>
          {addLabel}
        </Button>
      </Stack>
    </Fieldset>
  );
}

/** The trash button that takes a row out of a list. */
function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" aria-label={label} title={label} onClick={onClick}>
      <IconTrash size={18} />
    </ActionIcon>
  );
}

/** The date and time inputs, the time named by the product zone's clock of that day ('Time (EST)'). */
function TimeFields({ form, timeZone }: { form: InspectionForm; timeZone: string }) {
  const instant = instantOfWallClock(form.values, timeZone);
  const zone = zoneNameAt(instant || new Date(), timeZone);
  return (
    <SimpleGrid cols={2} spacing="sm">
      <TextInput type="date" label="Date" required {...form.getInputProps('date')} />
      <TextInput
        type="time"
        label={`Time (${zone})`}
        required
        {...form.getInputProps('time')}
        error={form.errors.inspected_at}
      />
    </SimpleGrid>
  );
}

function BmpFields({ form, suggestions }: { form: InspectionForm; suggestions: string[] }) {
  const rows = form.values.bmps;
  const named = new Set(rows.map((row) => row.name.trim()));
  const choices = suggestions.filter((name) => !named.has(name));
  return (
    <ListFieldset
      legend="BMPs inspected"
      error={form.errors.bmps}
      addLabel="Add BMP"
      onAdd={() => form.insertListItem('bmps', bmpRow())}
    >
      {rows.map((row, index) => (
        <Group key={row.key} gap="xs" wrap="nowrap" align="flex-end">
          <Autocomplete
            flex={1}
            aria-label={`BMP ${index + 1}`}
            placeholder="Silt fence, inlet protection…"
            data={choices}
            maxLength={INSPECTION_LIMITS.bmpName}
            {...form.getInputProps(`bmps.${index}.name`)}
          />
          <RemoveRowButton
            label={`Remove BMP ${index + 1}`}
            onClick={() => form.removeListItem('bmps', index)}
          />
        </Group>
      ))}
    </ListFieldset>
  );
}

function ActionFields({ form, index }: { form: InspectionForm; index: number }) {
  const path = `corrective_actions.${index}`;
  return (
    <Fieldset legend={`Corrective action ${index + 1}`} p="sm">
      <Stack gap="xs">
        <Textarea
          label="Description"
          rows={2}
          maxLength={INSPECTION_LIMITS.action}
          {...form.getInputProps(`${path}.description`)}
        />
        <Group gap="sm" align="flex-end" justify="space-between" wrap="nowrap">
          <Group gap="md" align="flex-end">
            <TextInput type="date" label="Due date" {...form.getInputProps(`${path}.due_on`)} />
            <Checkbox
              label="Done"
              mb={8}
              {...form.getInputProps(`${path}.completed`, { type: 'checkbox' })}
            />
          </Group>
          <RemoveRowButton
            label={`Remove corrective action ${index + 1}`}
            onClick={() => form.removeListItem('corrective_actions', index)}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}

function CorrectiveActionFields({ form }: { form: InspectionForm }) {
  return (
    <ListFieldset
      legend="Corrective actions"
      error={form.errors.corrective_actions}
      addLabel="Add corrective action"
      onAdd={() => form.insertListItem('corrective_actions', actionRow())}
    >
      {form.values.corrective_actions.length === 0 && (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      )}
      {form.values.corrective_actions.map((row, index) => (
        <ActionFields key={row.key} form={form} index={index} />
      ))}
    </ListFieldset>
  );
}

interface InspectionFormProps {
  /** What a new inspection is made for (an edited one keeps what it was made for). */
  target: InspectionTarget;
  /** The inspection edited; null records a new one. */
  inspection: Inspection | null;
  timeZone: string;
  /** The BMPs to suggest (those of the inspections listed beside the form). */
  suggestions: string[];
  onSaved: (inspection: Inspection) => void;
  onCancel: () => void;
}

function InspectionFormBody({
  target,
  inspection,
  timeZone,
  suggestions,
  onSaved,
  onCancel,
}: InspectionFormProps) {
  const form = useForm<InspectionValues>({
    initialValues: valuesOf(inspection, timeZone),
    validate: (values) => formErrorsOf(pathErrors(inspectionCreateSchema, bodyOf(values, timeZone))),
  });
  const save = useSaveInspection();
  const [photos, setPhotos] = useState<PhotoChoice>({ kept: inspection?.photos ?? [], added: [] });
  const submit = (values: InspectionValues) => {
    const request: InspectionSave = {
      target,
      inspectionId: inspection?.id ?? null,
      body: bodyOf(values, timeZone),
      addedPhotos: photos.added.map((chosen) => chosen.file),
      removedPhotoIds: (inspection?.photos ?? [])
        .filter((photo) => !photos.kept.includes(photo))
        .map((photo) => photo.id),
    };
    save.mutate(request, {
      onSuccess: onSaved,
      onError: (error) => form.setErrors(formErrorsOf(fieldPathErrors(error))),
    });
  };
  const refusedOnFields = save.isError && Object.keys(fieldPathErrors(save.error)).length > 0;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TimeFields form={form} timeZone={timeZone} />
        <BmpFields form={form} suggestions={suggestions} />
        <Textarea
          label="Findings"
          rows={4}
          maxLength={INSPECTION_LIMITS.text}
          {...form.getInputProps('findings')}
        />
        <Textarea
          label="Notes"
          rows={3}
          maxLength={INSPECTION_LIMITS.text}
          {...form.getInputProps('notes')}
        />
        <CorrectiveActionFields form={form} />
        <PhotoField inspectionId={inspection?.id ?? null} value={photos} onChange={setPhotos} />
        {save.isError && !refusedOnFields && (
          <ErrorMessage>{failureMessage(save.error, MESSAGES.tryAgain)}</ErrorMessage>
        )}
        <Group gap="sm">
          <SubmitButton busy={save.isPending}>{inspection ? 'Save' : 'Record inspection'}</SubmitButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The inspection form in a dialog, the whole screen on a phone; `opened` false hides it. */
export function InspectionFormDialog({ opened, ...props }: InspectionFormProps & { opened: boolean }) {
  const narrow = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={props.onCancel}
      title={props.inspection ? 'Edit inspection' : 'Record inspection'}
      fullScreen={narrow}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the inspection form' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && <InspectionFormBody {...props} />}
    </Modal>
  );
}
