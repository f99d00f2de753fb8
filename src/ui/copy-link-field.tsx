import { useId } from 'react';
import type { FocusEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCopyToClipboard } from './use-copy-to-clipboard';

/**
 * A read-only, selectable link with a Copy button. The clipboard may be refused (insecure
 * origin, permissions): then the user is told to copy it by hand, the value stays selectable.
 */
export function CopyLinkField({
  label,
  value,
  copyLabel = 'Copy',
}: {
  label: string;
  value: string;
  copyLabel?: string;
}) {
  const { state: copy, copy: copyText } = useCopyToClipboard();
  const id = useId();
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          id={id}
          label={label}
          value={value}
          fullWidth
          size="small"
          slotProps={{
            htmlInput: {
              readOnly: true,
              onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select(),
            },
          }}
        />
        <Button
          variant="outlined"
          onClick={() => void copyText(value)}
          sx={{ flexShrink: 0, height: 40 }}
          aria-label={`${copyLabel} ${label.toLowerCase()}`}
        >
          {copyLabel}
        </Button>
      </Stack>
      <Typography
        variant="body2"
        role="status"
        aria-live="polite"
        sx={{ mt: 0.5, minHeight: '1.5em' }}
        color={copy === 'refused' ? 'error' : 'text.secondary'}
      >
        {copy === 'copied' ? 'Link copied to the clipboard.' : null}
        {copy === 'refused'
          ? 'Copying is not allowed here. Select the link and copy it yourself.'
          : null}
      </Typography>
    </Box>
  );
}
