// The floor of `npm run bench`: the smallest thing that can show the sign-in page. Bare React and
// MUI (the same versions, the same Vite), the login card's visible parts and nothing else: no
// router, no query cache, no API client, no validation library, no session, no telemetry.
// The bench builds it next to the app (scripts/lib/floor.ts) and reports the app as a ratio of it.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';

const theme = createTheme({
  palette: { primary: { main: '#1d4ed8' }, background: { default: '#f8fafc' } },
  shape: { borderRadius: 8 },
  typography: { button: { textTransform: 'none', fontWeight: 600 } },
});

function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          Log in to your account
        </Typography>
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          helperText=" "
          autoComplete="username"
          required
        />
        <TextField
          label="Password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={!email || !password}>
          Log In
        </Button>
        <Link href="/password/reset">Forgot your password?</Link>
        <Divider>or</Divider>
        <Button variant="outlined" href="https://accounts.google.com/">
          Sign in with Google
        </Button>
        <Typography variant="body2" color="text.secondary">
          No account yet?{' '}
          <Link href="https://example.com/signup">Start your 14-day free trial</Link>
        </Typography>
      </Stack>
    </Box>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box
        component="main"
        sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}
      >
        <Box sx={{ width: '100%', maxWidth: 480 }}>
          <Typography component="p" variant="h6" sx={{ fontWeight: 600, mb: 2 }}>
            Device Security Console
          </Typography>
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
            <LoginForm />
          </Paper>
        </Box>
      </Box>
    </ThemeProvider>
  </StrictMode>,
);
