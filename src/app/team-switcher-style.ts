// The team switcher's look, shared by the switcher (team-switcher.tsx) and its stand-in.
export const teamSwitcherControlSx = { minWidth: 160, maxWidth: { xs: '100%', md: 280 } } as const;
export const teamSwitcherLabelOnDarkSx = {
  color: 'inherit',
  '&.Mui-focused': { color: 'inherit' },
} as const;
export const teamSwitcherOnDarkSx = {
  color: 'inherit',
  '.MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.6)' },
  '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: '#fff' },
  '&.Mui-focused': { boxShadow: '0 0 0 3px rgba(255,255,255,0.45)' },
  '.MuiSvgIcon-root': { color: 'inherit' },
} as const;
