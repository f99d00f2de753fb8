import Link from '@mui/material/Link';

/** SPEC §8: the generic error and the linking timeout "offer a try-again link". */
export function TryAgainLink({ onClick, disabled }: { onClick(): void; disabled?: boolean }) {
  return (
    <Link
      component="button"
      type="button"
      onClick={onClick}
      disabled={disabled}
      sx={{ verticalAlign: 'baseline', fontWeight: 600, color: 'inherit' }}
    >
      Try again
    </Link>
  );
}
