import { Button, NavLink, Paper, Stack, Text, TextInput } from '@mantine/core';
import { GEOCODE_MESSAGES, type GeocodeMatch, geocodeQuerySchema } from '@pluvio/shared/geocode';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { failureMessage } from '../lib/api-client';
import { useAppConfig } from '../lib/app-config';
import { useGeocode } from '../lib/geocode-api';
import { ErrorMessage } from './form-message';

/**
 * Finds a place by its address and hands the chosen match's coordinates to the form (issue 26
 * §3). Shown only where the server has a geocoder (`address_search` of /api/config).
 */
export function AddressSearch({ onPick }: { onPick: (match: GeocodeMatch) => void }) {
  const enabled = useAppConfig()?.address_search === true;
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [picked, setPicked] = useState<GeocodeMatch | null>(null);
  const search = useGeocode(asked);
  if (!enabled) return null;

  function submit() {
    const parsed = geocodeQuerySchema.safeParse({ q: text });
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? GEOCODE_MESSAGES.queryTooShort));
    if (!parsed.success) return;
    setPicked(null);
    setAsked(parsed.data.q);
    if (parsed.data.q === asked && search.isError) void search.refetch();
  }

  function pick(match: GeocodeMatch) {
    setPicked(match);
    onPick(match);
  }

  const matches = search.data?.matches ?? [];
  return (
    <Stack gap="xs">
      <TextInput
        label={GEOCODE_MESSAGES.label}
        description={GEOCODE_MESSAGES.hint}
        placeholder={GEOCODE_MESSAGES.placeholder}
        autoComplete="street-address"
        value={text}
        error={problem}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter searches here rather than submitting the form around it.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          submit();
        }}
        rightSectionWidth={88}
        rightSectionPointerEvents="all"
        rightSection={
          <Button size="compact-sm" variant="light" onClick={submit} loading={search.isFetching}>
            Search
          </Button>
        }
      />
      {search.isError && (
        <ErrorMessage>{failureMessage(search.error, GEOCODE_MESSAGES.unavailable)}</ErrorMessage>
      )}
      {search.isSuccess && matches.length === 0 && (
        <Text size="sm" role="status">
          {GEOCODE_MESSAGES.noMatch}
        </Text>
      )}
      {matches.length > 0 && (
        <Paper withBorder radius="sm" role="group" aria-label="Matching addresses">
          {matches.map((match) => (
            <NavLink
              key={`${match.label} ${match.latitude} ${match.longitude}`}
              component="button"
              type="button"
              label={match.label}
              description={`${match.latitude}, ${match.longitude}`}
              active={picked === match}
              variant="filled"
              // Mantine dims the description of a filled item below WCAG contrast.
              styles={picked === match ? { description: { color: 'inherit', opacity: 1 } } : undefined}
              leftSection={picked === match ? <IconCheck size={16} aria-hidden /> : null}
              onClick={() => pick(match)}
            />
          ))}
        </Paper>
      )}
    </Stack>
  );
}
