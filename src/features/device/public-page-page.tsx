import { useState } from 'react';
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'wouter';
import { $api } from '../../api/query';
import type { PageProps } from '../../ui/page-props';
import { publicPageUrl } from '../../lib/device-status';
import { devicePath } from '../../lib/paths';
import { slugSchema, validationMessage } from '../../lib/validation';
import { ExternalLink } from '../../ui/external-link';
import { FormError } from '../../ui/form-error';
import { usePageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { DeviceBreadcrumbs, PageHeading, WithDevice } from './device-frame';
import { refreshDeviceViews } from './device-queries';
import type { Device } from './device-queries';

const SLUG_MAX_LENGTH = 128;

/** Unpublished: an optional slug, then Publish. */
function PublishForm({ device }: { device: Device }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [slug, setSlug] = useState('');
  const publish = $api.useMutation('post', '/device/{deviceId}/public', {
    onSuccess: () => refreshDeviceViews(queryClient),
  });
  const problem = validationMessage(slugSchema, slug);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null || publish.isPending) return;
    publish.mutate(
      { params: { path: { deviceId: device.id } }, body: slug === '' ? {} : { slug } },
      { onSuccess: () => toast.info('Updated!') },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Publish the public page">
      <Typography sx={{ mb: 2 }}>
        This device&apos;s public page is not published. Once published, anyone with its address can
        open it.
      </Typography>
      <TextField
        label="Slug (optional)"
        name="slug"
        value={slug}
        onChange={(event) => setSlug(event.target.value)}
        error={problem !== null}
        helperText={
          problem ??
          (slug === ''
            ? 'Optional. Letters, digits and hyphens only.'
            : `The page will be at ${publicPageUrl(slug)}`)
        }
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: SLUG_MAX_LENGTH, spellCheck: false } }}
      />
      <FormError error={publish.error} />
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" disabled={problem !== null || publish.isPending}>
          {publish.isPending ? 'Publishing' : 'Publish'}
        </Button>
        <Button component={RouterLink} href={devicePath(device.id)} disabled={publish.isPending}>
          Back to the device
        </Button>
      </Stack>
    </Box>
  );
}

/** Published: the address, then Unpublish. */
function PublishedPanel({ device, slug }: { device: Device; slug: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const unpublish = $api.useMutation('delete', '/device/{deviceId}/public', {
    onSuccess: () => refreshDeviceViews(queryClient),
  });
  const url = publicPageUrl(slug);
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>The public page of this device is published at:</Typography>
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="public-url">
        <ExternalLink href={url}>{url}</ExternalLink>
      </Typography>
      <FormError error={unpublish.error} />
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <Button
          variant="contained"
          color="error"
          disabled={unpublish.isPending}
          onClick={() =>
            unpublish.mutate(
              { params: { path: { deviceId: device.id } } },
              { onSuccess: () => toast.info('Updated!') },
            )
          }
        >
          {unpublish.isPending ? 'Unpublishing' : 'Unpublish'}
        </Button>
        <Button component={RouterLink} href={devicePath(device.id)} disabled={unpublish.isPending}>
          Back to the device
        </Button>
      </Stack>
    </Box>
  );
}

/** `/device/{deviceId}/public`: publish (optional slug) or unpublish the device's public page. */
export function PublicPagePage({ params }: PageProps) {
  usePageTitle('Public Page');
  return (
    <WithDevice deviceId={params.deviceId ?? ''}>
      {(device) => (
        <>
          <DeviceBreadcrumbs device={device} current="Public Page" />
          <PageHeading>Public Page</PageHeading>
          <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
            {device.publicId ? (
              <PublishedPanel key="published" device={device} slug={device.publicId} />
            ) : (
              <PublishForm key="unpublished" device={device} />
            )}
          </Paper>
        </>
      )}
    </WithDevice>
  );
}
