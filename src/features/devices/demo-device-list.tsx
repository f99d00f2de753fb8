import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { statusColor, statusLabel } from '../../lib/device-status';

/** Made-up devices that show what the list will look like; never real data. */
const DEMO_DEVICES = [
  {
    name: "Ada's MacBook Pro",
    status: 'compliant',
    failed: 0,
    lastCheck: '2 minutes ago',
    owner: 'ada@example.com',
    platform: 'macOS',
    os: 'macOS 26.1',
  },
  {
    name: "Grace's ThinkPad",
    status: 'failing',
    failed: 2,
    lastCheck: '1 hour ago',
    owner: 'grace@example.com',
    platform: 'Linux',
    os: 'Ubuntu 24.04 LTS',
  },
  {
    name: "Linus's Surface",
    status: 'compliant',
    failed: 0,
    lastCheck: '3 hours ago',
    owner: 'linus@example.com',
    platform: 'Windows',
    os: 'Windows 11 25H2',
  },
  {
    name: 'Design iMac',
    status: 'pending',
    failed: 0,
    lastCheck: 'never',
    owner: 'margaret@example.com',
    platform: 'macOS',
    os: 'macOS 26.1',
  },
  {
    name: "Alan's MacBook Air",
    status: 'stale',
    failed: 1,
    lastCheck: '64 days ago',
    owner: 'alan@example.com',
    platform: 'macOS',
    os: 'macOS 15.6',
  },
] as const;

/**
 * SPEC §2: an account without devices sees a faded demo list (hidden from assistive technology,
 * not interactive) and a call to action to link the first device.
 */
export function DemoDeviceList({ onInvite }: { onInvite(): void }) {
  // The faded table and the call to action share one grid cell: the block is as tall as the
  // taller of the two, on a phone as on a laptop.
  return (
    <Box sx={{ display: 'grid', mt: 2, minWidth: 0 }}>
      <Box
        aria-hidden="true"
        inert
        data-testid="demo-device-list"
        sx={{
          gridArea: '1 / 1',
          minWidth: 0,
          // Its own scroll container: the demo table never widens the page.
          overflowX: 'auto',
          opacity: 0.4,
          pointerEvents: 'none',
          userSelect: 'none',
          filter: 'grayscale(30%)',
        }}
      >
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Failed required</TableCell>
              <TableCell>Last check</TableCell>
              <TableCell>Owner</TableCell>
              <TableCell>Platform</TableCell>
              <TableCell>OS version</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {DEMO_DEVICES.map((device) => (
              <TableRow key={device.name}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{device.name}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={statusColor(device.status)}
                    label={statusLabel(device.status)}
                  />
                </TableCell>
                <TableCell align="right">{device.failed}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{device.lastCheck}</TableCell>
                <TableCell>{device.owner}</TableCell>
                <TableCell>{device.platform}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{device.os}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box
        sx={{
          gridArea: '1 / 1',
          display: 'grid',
          placeItems: 'center',
          p: { xs: 1, sm: 2 },
          minWidth: 0,
        }}
      >
        <Paper
          elevation={3}
          sx={{ p: { xs: 2, sm: 3 }, maxWidth: 460, textAlign: 'center' }}
          role="region"
          aria-labelledby="no-devices-title"
        >
          <Typography id="no-devices-title" variant="h6" component="h2" gutterBottom>
            No devices yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Install the desktop app and link a device to this team, or send the invite link to your
            team members so they can link theirs. Linked devices appear here.
          </Typography>
          <Button variant="contained" onClick={onInvite}>
            Invite team members
          </Button>
        </Paper>
      </Box>
    </Box>
  );
}
