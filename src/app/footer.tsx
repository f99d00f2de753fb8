import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXTERNAL_LINKS, PRODUCT_NAME } from '../lib/constants';
import { ExternalLink } from '../ui/external-link';
import { ReportBugButton } from '../ui/report-bug-button';

/** Docs, Privacy Policy, Terms, the bug report and the year (SPEC §2 shell). */
export function Footer() {
  return (
    <Box component="footer" sx={{ py: 3, mt: 6, borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1, alignItems: 'baseline' }}
        >
          <ExternalLink href={EXTERNAL_LINKS.docs}>Docs</ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.privacy}>Privacy Policy</ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.terms}>Terms</ExternalLink>
          <ReportBugButton />
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
