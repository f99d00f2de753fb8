import { useId, useState } from 'react';
import type { FocusEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

type CopyState = 'idle' | 'copied' | 'failed';

/** A read-only, selectable text with a Copy button; the clipboard may be refused. */
export function CopyableLink({ label, value }: { label: string; value: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const id = useId();
  const onCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
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
          onClick={() => void onCopy()}
          aria-label={`Copy ${label.toLowerCase()}`}
          sx={{ flexShrink: 0, height: 40 }}
        >
          Copy
        </Button>
      </Stack>
      <Typography
        variant="body2"
        role="status"
        aria-live="polite"
        sx={{ mt: 0.5, minHeight: '1.5em' }}
        color={copy === 'failed' ? 'error' : 'text.secondary'}
      >
        {copy === 'copied' ? 'Link copied to the clipboard.' : null}
        {copy === 'failed'
          ? 'Copying is not allowed here. Select the link and copy it yourself.'
          : null}
      </Typography>
    </Box>
  );
}
