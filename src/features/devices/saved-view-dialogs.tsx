import { useState } from 'react';
import type { FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_SAVED_VIEWS, MAX_VIEW_NAME_LENGTH, viewNameError } from '../../lib/user-preferences';
import type { SavedView } from '../../lib/user-preferences';
import { saveView } from '../../session/session';
import { CopyLinkField } from '../../ui/copy-link-field';
import { useToast } from '../../ui/toasts';

export const VIEW_LIMIT_MESSAGE = `You can keep up to ${MAX_SAVED_VIEWS} views. Delete one first.`;

function SaveViewDialog({
  open,
  onClose,
  userId,
  views,
  current,
}: {
  open: boolean;
  onClose(): void;
  userId: string;
  views: readonly SavedView[];
  current: Omit<SavedView, 'name'>;
}) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const error = viewNameError(name);
  const replaces = views.find((view) => view.name.toLowerCase() === name.trim().toLowerCase());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    if (!saveView(userId, { ...current, name: name.trim() })) {
      setFailure(VIEW_LIMIT_MESSAGE);
      return;
    }
    toast.info('View saved.');
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          onExited: () => {
            setName('');
            setTouched(false);
            setFailure(null);
          },
        },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>Save view</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Saves the search, sort, page size and columns under a name, for you on this browser.
          </Typography>
          <TextField
            autoFocus
            fullWidth
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setFailure(null);
            }}
            // Validated after a try: leaving the field empty (the dialog's own focus moves
            // included) says nothing yet; leaving it with something typed does.
            onBlur={() => {
              if (name !== '') setTouched(true);
            }}
            error={(touched && !!error) || !!failure}
            helperText={
              failure ??
              (touched && error
                ? error
                : replaces
                  ? `Replaces the saved view “${replaces.name}”.`
                  : ' ')
            }
            slotProps={{ htmlInput: { maxLength: MAX_VIEW_NAME_LENGTH + 1 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ShareViewDialog({
  open,
  onClose,
  link,
}: {
  open: boolean;
  onClose(): void;
  link: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Share this view</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The link opens the device list with this search, sort, page size and columns. Only people
          with access to the team see its devices.
        </Typography>
        <CopyLinkField label="Link to this view" value={link} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The saved views' dialogs, one chunk, downloaded when one is first opened. */
export function SavedViewDialogs({
  open,
  onClose,
  userId,
  views,
  current,
  link,
}: {
  open: 'save' | 'share' | null;
  onClose(): void;
  userId: string;
  views: readonly SavedView[];
  current: Omit<SavedView, 'name'>;
  link: string;
}) {
  return (
    <>
      <SaveViewDialog
        open={open === 'save'}
        onClose={onClose}
        userId={userId}
        views={views}
        current={current}
      />
      <ShareViewDialog open={open === 'share'} onClose={onClose} link={link} />
    </>
  );
}
