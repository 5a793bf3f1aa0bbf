import { Button, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { downloadExport, useHasExport, type ExportPath, type ExportQuery } from '../api/export-csv';
import { useTranslation } from '../i18n/use-translation';
import { useReachReason } from './use-server-reach';

/**
 * "Eksportér til Excel" (docs/api.md "Extensions"): the list as it is filtered now, as CSV for
 * Danish Excel. Made by the server, so offline the button stays, disabled, and says why; a
 * failed export says so beside it and can be tried again. Not shown when the server makes none.
 */
export function ExportButton(props: { path: ExportPath; query: ExportQuery }) {
  const t = useTranslation();
  const unreachable = useReachReason(t('export.offline'));
  const hasExport = useHasExport();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const noteId = useId();
  if (!hasExport) return null;
  const note = unreachable ?? (state === 'failed' ? t('export.error') : null);
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        loading={state === 'busy'}
        disabled={unreachable !== null}
        aria-describedby={note ? noteId : undefined}
        onClick={() => {
          setState('busy');
          downloadExport(props.path, props.query).then(
            () => setState('idle'),
            () => setState('failed'),
          );
        }}
      >
        {t('export.button')}
      </Button>
      {note && (
        <Text
          id={noteId}
          size="xs"
          c={state === 'failed' && !unreachable ? 'red.9' : 'dimmed'}
          role={state === 'failed' ? 'alert' : undefined}
        >
          {note}
        </Text>
      )}
    </Stack>
  );
}
