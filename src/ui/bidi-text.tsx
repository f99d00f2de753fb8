import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { displayText } from '../lib/display-text';
import styles from './bidi-text.module.css';

/**
 * A name, email or description from the server inside other text: isolated (<bdi>), so a
 * right-to-left value cannot reverse the sentence around it, and without explicit bidi controls,
 * so it cannot pretend to be another value. Long values wrap instead of widening the page.
 */
export function BidiText({ text, sx }: { text: string; sx?: SxProps<Theme> }) {
  if (!sx) return <bdi className={styles.wrap}>{displayText(text)}</bdi>;
  return (
    <Box component="bdi" sx={[{ overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {displayText(text)}
    </Box>
  );
}

/**
 * One line, cut with an ellipsis where space runs out; the full value stays available as the
 * element's title (and to screen readers, who get the whole text).
 */
export function TruncatedText({
  text,
  maxWidth = '100%',
  sx,
}: {
  text: string;
  maxWidth?: number | string | Record<string, number | string>;
  sx?: SxProps<Theme>;
}) {
  const shown = displayText(text);
  // The common case (a fixed width, no extra styles) is a plain element with a static class: it
  // repeats in every device row. Breakpoint widths and `sx` still go through MUI.
  if (!sx && typeof maxWidth !== 'object') {
    return (
      <bdi className={styles.truncated} title={shown} style={{ maxWidth }}>
        {shown}
      </bdi>
    );
  }
  return (
    <Box
      component="bdi"
      title={shown}
      sx={[
        {
          display: 'inline-block',
          maxWidth,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {shown}
    </Box>
  );
}
