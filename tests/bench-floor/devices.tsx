// The floor of the first device row in `npm run bench`: bare React and MUI, one request for the
// team's first page of devices and a plain table. No router, query cache, client middleware,
// session or shell: the smallest thing that can show the row, to compare the app's time with.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';

interface Device {
  id: string;
  deviceName: string;
  status: string;
  lastCheck: string | null;
}

const theme = createTheme({ palette: { primary: { main: '#1d4ed8' } } });
const teamId = window.location.pathname.split('/')[2] ?? '';

function Devices() {
  const [devices, setDevices] = useState<Device[] | null>(null);
  useEffect(() => {
    const query = 'page=1&pageSize=20&orderBy=deviceName&direction=asc';
    void fetch(`/api/v1/team/${encodeURIComponent(teamId)}/devices?${query}`, {
      headers: { Authorization: 'Bearer floor' },
    })
      .then((response) => response.json() as Promise<{ devices: Device[] }>)
      .then((body) => setDevices(body.devices));
  }, []);
  return (
    <main>
      <Typography variant="h4" component="h1" sx={{ m: 2 }}>
        Devices
      </Typography>
      <Table>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Last check</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(devices ?? []).map((device) => (
            <TableRow key={device.id} data-testid="device-row">
              <TableCell>{device.deviceName}</TableCell>
              <TableCell>{device.status}</TableCell>
              <TableCell>{device.lastCheck}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Devices />
    </ThemeProvider>
  </StrictMode>,
);
