import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../api/query';
import { MAX_EMAIL_LENGTH } from '../../lib/constants';
import {
  newRecipientBody,
  recipientProblem,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  reportFrequencyLabel,
} from '../../lib/report-recipients';
import type { Recipient } from '../../lib/report-recipients';
import { FormError } from '../../ui/form-error';
import { EmptyState, ErrorNotice, SectionLoading } from '../../ui/page-states';
import { useToast } from '../../ui/toasts';
import { SectionCard } from '../../ui/section-card';
import { teamPath } from './settings-queries';
import type { ReportEmail } from './settings-queries';

function useReportEmailsKey(teamId: string) {
  return $api.queryOptions('get', '/team/{teamId}/report/emails', teamPath(teamId)).queryKey;
}

/**
 * SPEC §5 add form: the action stays disabled until the email is valid (≤ 128 characters) and a
 * frequency is chosen. While it runs: "Adding recipient for team reports."; a failure keeps the
 * input and shows the red notice; success clears the form and refreshes the list.
 */
function AddRecipientForm({ teamId, existing }: { teamId: string; existing: Recipient[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = useReportEmailsKey(teamId);
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState('');
  const [touched, setTouched] = useState(false);
  const add = $api.useMutation('post', '/team/{teamId}/report/email', {
    onSuccess: async (answer) => {
      toast.info('Added recipient for team reports!');
      setEmail('');
      setFrequency('');
      setTouched(false);
      queryClient.setQueryData(key, answer);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const problem = recipientProblem(email, frequency, existing);
  const body = newRecipientBody(email, frequency, existing);
  const showEmail = (touched && email !== '') || email.length > MAX_EMAIL_LENGTH;
  const emailProblem = showEmail && problem?.field === 'email' ? problem.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body || add.isPending) return;
    add.mutate({ ...teamPath(teamId), body });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="add-recipient-title"
      sx={{ mt: 3 }}
    >
      <Typography
        id="add-recipient-title"
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600, mb: 1.5 }}
      >
        Add recipient
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (add.isError) add.reset();
          }}
          onBlur={() => setTouched(true)}
          error={emailProblem !== null}
          helperText={emailProblem ?? ' '}
          size="small"
          autoComplete="off"
          disabled={add.isPending}
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { maxLength: MAX_EMAIL_LENGTH + 1 } }}
        />
        <TextField
          select
          label="Frequency"
          value={frequency}
          onChange={(e) => {
            setFrequency(e.target.value);
            if (add.isError) add.reset();
          }}
          size="small"
          disabled={add.isPending}
          helperText=" "
          sx={{ minWidth: 160 }}
        >
          {REPORT_FREQUENCIES.map((f) => (
            <MenuItem key={f} value={f}>
              {REPORT_FREQUENCY_LABELS[f]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={!body || add.isPending}
          sx={{ flexShrink: 0, height: 40 }}
        >
          Add recipient
        </Button>
      </Stack>
      {add.isPending ? (
        <Typography role="status" color="text.secondary" variant="body2">
          Adding recipient for team reports.
        </Typography>
      ) : null}
      <FormError error={add.error} />
    </Box>
  );
}

function RecipientList({
  teamId,
  recipients,
  canManage,
}: {
  teamId: string;
  recipients: ReportEmail[];
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = useReportEmailsKey(teamId);
  const remove = $api.useMutation('delete', '/team/{teamId}/report/email', {
    onSuccess: async (answer) => {
      toast.info('Recipient removed!');
      queryClient.setQueryData(key, answer);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const removing = remove.isPending ? remove.variables.body : null;
  if (recipients.length === 0) return <EmptyState>No active email reports.</EmptyState>;
  return (
    <>
      <List disablePadding aria-label="Report recipients">
        {recipients.map((r) => {
          const label = reportFrequencyLabel(r.frequency);
          const busy = removing?.email === r.email && removing.frequency === r.frequency;
          return (
            <ListItem
              key={r.id}
              divider
              disableGutters
              secondaryAction={
                canManage ? (
                  <Button
                    color="error"
                    size="small"
                    disabled={remove.isPending}
                    aria-label={`Remove ${r.email} (${label})`}
                    onClick={() => {
                      if (remove.isPending) return;
                      const body = { email: r.email, frequency: r.frequency };
                      remove.mutate({ ...teamPath(teamId), body });
                    }}
                  >
                    {busy ? 'Removing' : 'Remove'}
                  </Button>
                ) : undefined
              }
              sx={{ pr: canManage ? 12 : 0 }}
            >
              <ListItemText
                primary={r.email}
                secondary={label}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
      <FormError error={remove.error} />
    </>
  );
}

/** Who gets the team's email reports, and how often (SPEC §2, §3, §5). */
export function EmailReportsSection({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const emails = $api.useQuery('get', '/team/{teamId}/report/emails', teamPath(teamId));
  let body;
  if (emails.isPending) body = <SectionLoading label="Loading report recipients" />;
  else if (emails.isError)
    body = (
      <ErrorNotice
        error={emails.error}
        onRetry={() => void emails.refetch()}
        title="The report recipients could not be loaded"
      />
    );
  else
    body = (
      <>
        <RecipientList teamId={teamId} recipients={emails.data} canManage={canManage} />
        {canManage ? <AddRecipientForm teamId={teamId} existing={emails.data} /> : null}
      </>
    );
  return (
    <SectionCard
      id="settings-email-reports"
      title="Email Reports"
      description="These addresses get a summary of the team's device security: every weekday, weekly or monthly."
    >
      {body}
    </SectionCard>
  );
}
