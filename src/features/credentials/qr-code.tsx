import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** SPEC §8, two-factor: the QR library could not encode the secret's URI (or did not load). */
const QR_ENCODING_FAILED = 'Error while encoding to QRCode.';

const QUIET_ZONE = 4; // modules of white border every scanner expects

/** One SVG path for the dark modules, a rectangle per horizontal run (no HTML strings involved). */
function qrPath(size: number, isDark: (row: number, col: number) => boolean): string {
  let path = '';
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!isDark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && isDark(row, col)) col += 1;
      const run = col - start;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`;
    }
  }
  return path;
}

type Drawn = { size: number; path: string } | 'failed' | null;

/**
 * The QR code of an otpauth URI. The library (qrcode) is loaded here, on first use, with a dynamic
 * import: only the two-factor page downloads it. It encodes; React draws the modules as SVG.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [drawn, setDrawn] = useState<{ value: string; result: Drawn }>({ value, result: null });
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) => {
        // A CommonJS package: its functions are named exports or sit on the default export.
        const create = typeof qrcode.create === 'function' ? qrcode.create : qrcode.default.create;
        const code = create(value, { errorCorrectionLevel: 'M' });
        const { size } = code.modules;
        const path = qrPath(size, (row, col) => code.modules.get(row, col) === 1);
        if (live) setDrawn({ value, result: { size: size + 2 * QUIET_ZONE, path } });
      })
      .catch(() => {
        // Too much data, or the chunk did not load: the secret stays usable as text.
        if (live) setDrawn({ value, result: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [value]);

  const result = drawn.value === value ? drawn.result : null;
  if (result === 'failed') {
    return (
      <Alert severity="error" role="alert">
        {QR_ENCODING_FAILED}
      </Alert>
    );
  }
  if (result === null) {
    return <Skeleton variant="rectangular" width={200} height={200} aria-hidden />;
  }
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${result.size} ${result.size}`}
      shapeRendering="crispEdges"
      sx={{ width: 200, height: 200, display: 'block', bgcolor: '#fff' }}
    >
      <rect width={result.size} height={result.size} fill="#fff" />
      <path d={result.path} fill="#000" />
    </Box>
  );
}
